import { getPrisma } from "@parley/db";
import type { DraftBlock } from "@parley/engine/testing";
import { createFlow, createTestPorts, startTestChat } from "@parley/engine/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createServiceAccountKeys,
  type GoogleSheetsProtocolServer,
  startGoogleSheetsProtocolServer,
} from "../testing/googleSheetsProtocolServer";
import { createWorkspaceWithCredentials } from "../testing/integrationFixtures";
import { createGoogleSheetsPort } from "./createGoogleSheetsPort";

const clientEmail = "parley-bot@parley-tests.iam.gserviceaccount.com";
const { publicKey, privateKey } = createServiceAccountKeys();
const spreadsheetId = "1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789";
let google: GoogleSheetsProtocolServer;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;

beforeAll(async () => {
  google = await startGoogleSheetsProtocolServer({ clientEmail, publicKey });
  workspace = await createWorkspaceWithCredentials([
    // The whole JSON file Google's console downloads, as users paste it.
    {
      type: "googleSheets",
      name: "service account",
      data: {
        type: "service_account",
        project_id: "parley-tests",
        private_key_id: "0123abcd",
        client_email: clientEmail,
        private_key: privateKey,
        token_uri: "https://oauth2.googleapis.com/token",
      } as never,
    },
    {
      type: "googleSheets",
      name: "other key",
      data: { client_email: clientEmail, private_key: createServiceAccountKeys().privateKey },
    },
  ]);
});
afterAll(() => google.close());

beforeEach(() => {
  google.isQuotaExceeded = false;
  google.forbidden.clear();
  google.sheetsRequests.length = 0;
  google.spreadsheets.set(spreadsheetId, [
    { sheetId: 0, title: "Summary", values: [["Total"], ["3"]] },
    {
      sheetId: 1234567,
      title: "Leads 'Q1'",
      values: [
        ["Email", "Name", "Plan", "Seats"],
        ["ada@example.com", "Ada", "Pro", "12"],
        ["alan@example.com", "Alan", "Free", "1"],
        ["grace@example.com", "Grace", "Pro", "40"],
        ["linus@example.com", "Linus"],
      ],
    },
  ]);
});

const variables = [
  { id: "v-email", name: "Email" },
  { id: "v-name", name: "Name" },
  { id: "v-plan", name: "Plan" },
  { id: "v-seats", name: "Seats" },
];

/** A chat that asks for an e-mail, then runs the block and waits on a last input; the reply is `email`. */
async function runSheetsBlock(options: Record<string, unknown>, email = "grace@example.com") {
  const block: DraftBlock = {
    id: "sheets",
    type: "Google Sheets",
    options: {
      credentialsId: workspace.credentialsIds["service account"],
      spreadsheetId,
      sheetId: "1234567",
      ...options,
    },
  };
  const flow = createFlow({
    workspaceId: workspace.workspaceId,
    botId: "bot-sheets",
    variables,
    groups: [
      {
        id: "g",
        title: "Ask",
        blocks: [{ id: "ask", type: "email input", options: { variableId: "v-email" }, outgoingEdgeId: "e" }],
      },
      { id: "h", title: "Sheet", blocks: [block, { id: "end", type: "text input", options: {} }] },
    ],
    edges: [{ id: "e", from: { blockId: "ask" }, to: { groupId: "h" } }],
  });
  const port = createGoogleSheetsPort({
    getPrisma,
    endpoints: { tokenUrl: google.tokenUrl, sheetsApiUrl: google.sheetsApiUrl },
  });
  const chat = await startTestChat(flow, { ports: createTestPorts({ googleSheets: port }) });
  await chat.send(email);
  return {
    chat,
    variables: chat.outcome.state.frames[0]!.variables,
    logs: chat.outcome.logsToPersist
      .filter((log) => log.context === "sheets")
      .map(({ status, description, details }) => ({ status, description, ...(details ? { details } : {}) })),
  };
}

const leadsRange = encodeURIComponent("'Leads ''Q1'''");
const sheetRows = () => google.spreadsheets.get(spreadsheetId)![1]!.values;
const requestLines = () => google.sheetsRequests.map((request) => `${request.method} ${request.path}`);

describe("Google Sheets block against Google's protocol", () => {
  it("signs the token request with the service account's key and reads the sheet by its title", async () => {
    const { logs, chat } = await runSheetsBlock({
      action: "Get data from sheet",
      filter: {
        comparisons: [{ id: "c1", column: "Email", comparisonOperator: "Equal to", value: "{{Email}}" }],
      },
      cellsToExtract: [{ id: "x1", column: "Name", variableId: "v-name" }],
      totalRowsToExtract: "First",
    });
    expect(logs).toEqual([{ status: "success", description: "Got 1 row from the sheet" }]);
    // Sheet messages are kept on the result, not shown to live visitors.
    expect(chat.outcome.response.logs ?? []).toEqual([]);
    expect(requestLines()).toEqual([
      `GET /v4/spreadsheets/${spreadsheetId}?fields=sheets.properties`,
      `GET /v4/spreadsheets/${spreadsheetId}/values/${leadsRange}`,
    ]);
    expect(google.sheetsRequests[0]!.authorization).toMatch(/^Bearer ya29\.local-/);
    // The server accepts only assertions that verify with the public key; these are the claims it read.
    expect(google.acceptedAssertions).toHaveLength(1);
    const claims = google.acceptedAssertions[0]!;
    expect(claims).toMatchObject({
      iss: clientEmail,
      scope: "https://www.googleapis.com/auth/spreadsheets",
      aud: google.tokenUrl,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it("keeps the access token for later blocks instead of signing a new assertion each time", async () => {
    await runSheetsBlock({ action: "Get data from sheet", cellsToExtract: [] });
    await runSheetsBlock({ action: "Get data from sheet", cellsToExtract: [] });
    expect(google.acceptedAssertions).toHaveLength(1);
    expect(new Set(google.sheetsRequests.map((request) => request.authorization)).size).toBe(1);
  });

  it("gets the first, last, a random or all rows matching AND / OR filters into variables", async () => {
    const cellsToExtract = [
      { id: "x1", column: "Name", variableId: "v-name" },
      { id: "x2", column: "Seats", variableId: "v-seats" },
    ];
    const proFilter = {
      comparisons: [
        { id: "c1", column: "Plan", comparisonOperator: "Equal to", value: "Pro" },
        { id: "c2", column: "Seats", comparisonOperator: "Greater than", value: "10" },
      ],
      logicalOperator: "AND",
    };
    const get = (filter: unknown, totalRowsToExtract: string) =>
      runSheetsBlock({ action: "Get data from sheet", filter, cellsToExtract, totalRowsToExtract });
    const all = await get(proFilter, "All");
    expect(all.variables).toMatchObject({ "v-name": ["Ada", "Grace"], "v-seats": ["12", "40"] });
    expect(all.logs).toEqual([{ status: "success", description: "Got 2 rows from the sheet" }]);
    expect((await get(proFilter, "Last")).variables).toMatchObject({ "v-name": "Grace", "v-seats": "40" });
    expect(["Ada", "Grace"]).toContain((await get(proFilter, "Random")).variables["v-name"]);

    const either = {
      comparisons: [
        { id: "c1", column: "Name", comparisonOperator: "Starts with", value: "al" },
        { id: "c2", column: "Plan", comparisonOperator: "Is empty" },
      ],
      logicalOperator: "OR",
    };
    expect((await get(either, "First")).variables).toMatchObject({ "v-name": "Alan", "v-seats": "1" });
    // Linus's row is shorter than the header: his missing cells read as empty.
    expect((await get(either, "All")).variables).toMatchObject({
      "v-name": ["Alan", "Linus"],
      "v-seats": ["1", ""],
    });
    expect((await get(undefined, "All")).variables["v-name"]).toEqual(["Ada", "Alan", "Grace", "Linus"]);
  });

  it("logs when no row matches or a column is not in the first row, leaving variables alone", async () => {
    const none = await runSheetsBlock(
      {
        action: "Get data from sheet",
        filter: { comparisons: [{ id: "c1", column: "Email", value: "{{Email}}" }] },
        cellsToExtract: [{ id: "x1", column: "Name", variableId: "v-name" }],
      },
      "nobody@example.com",
    );
    expect(none.variables["v-name"]).toBeUndefined();
    expect(none.logs).toEqual([
      { status: "error", description: "No row matches the filter; variables left unchanged" },
    ]);

    const unknown = await runSheetsBlock({
      action: "Get data from sheet",
      totalRowsToExtract: "First",
      cellsToExtract: [
        { id: "x1", column: "Name", variableId: "v-name" },
        { id: "x2", column: "Phone", variableId: "v-plan" },
      ],
    });
    expect(unknown.variables).toMatchObject({ "v-name": "Ada" });
    expect(unknown.variables["v-plan"]).toBeUndefined();
    expect(unknown.logs).toEqual([
      { status: "error", description: "Not in the sheet's first row: Phone" },
      { status: "success", description: "Got 1 row from the sheet" },
    ]);
  });

  it("inserts a row in the header's column order, entered as typed, with variables", async () => {
    const { logs } = await runSheetsBlock(
      {
        action: "Insert a row",
        cellsToInsert: [
          { id: "i1", column: "Plan", value: "Trial" },
          { id: "i2", column: "Email", value: "{{Email}}" },
          { id: "i3", column: "Name", value: '=UPPER("new")' },
        ],
      },
      "new@example.com",
    );
    expect(logs).toEqual([{ status: "success", description: "Inserted a row" }]);
    expect(requestLines()).toEqual([
      `GET /v4/spreadsheets/${spreadsheetId}?fields=sheets.properties`,
      `GET /v4/spreadsheets/${spreadsheetId}/values/${encodeURIComponent("'Leads ''Q1'''!1:1")}`,
      `POST /v4/spreadsheets/${spreadsheetId}/values/${leadsRange}:append?valueInputOption=USER_ENTERED&insertDataOption=INSERT_ROWS`,
    ]);
    expect(JSON.parse(google.sheetsRequests[2]!.body)).toEqual({
      majorDimension: "ROWS",
      values: [["new@example.com", '=UPPER("new")', "Trial"]],
    });
    expect(sheetRows().at(-1)).toEqual(["new@example.com", '=UPPER("new")', "Trial"]);
  });

  it("refuses to insert into columns the sheet does not have", async () => {
    const { logs } = await runSheetsBlock({
      action: "Insert a row",
      cellsToInsert: [{ id: "i1", column: "Phone", value: "123" }],
    });
    expect(logs).toEqual([
      { status: "error", description: "Not in the sheet's first row: Phone; nothing inserted" },
    ]);
    expect(sheetRows()).toHaveLength(5);
  });

  it("updates only the given cells of every row matching the filter", async () => {
    const { logs } = await runSheetsBlock(
      {
        action: "Update a row",
        filter: {
          comparisons: [
            { id: "c1", column: "Plan", comparisonOperator: "Equal to", value: "Pro" },
            { id: "c2", column: "Email", comparisonOperator: "Not equal", value: "{{Email}}" },
          ],
        },
        cellsToUpsert: [
          { id: "u1", column: "Seats", value: "99" },
          { id: "u2", column: "Plan", value: "{{Email}} Pro+" },
        ],
      },
      "grace@example.com",
    );
    expect(logs).toEqual([{ status: "success", description: "Updated 1 row" }]);
    expect(requestLines().at(-1)).toBe(`POST /v4/spreadsheets/${spreadsheetId}/values:batchUpdate`);
    expect(JSON.parse(google.sheetsRequests.at(-1)!.body)).toEqual({
      valueInputOption: "USER_ENTERED",
      data: [
        { range: "'Leads ''Q1'''!D2", values: [["99"]] },
        { range: "'Leads ''Q1'''!C2", values: [["grace@example.com Pro+"]] },
      ],
    });
    expect(sheetRows()[1]).toEqual(["ada@example.com", "Ada", "grace@example.com Pro+", "99"]);
    expect(sheetRows()[3]).toEqual(["grace@example.com", "Grace", "Pro", "40"]);
  });

  it("does not update without a filter, nor when no row matches", async () => {
    const cellsToUpsert = [{ id: "u1", column: "Seats", value: "0" }];
    const unfiltered = await runSheetsBlock({ action: "Update a row", cellsToUpsert });
    expect(unfiltered.logs).toEqual([
      { status: "error", description: "Updating rows needs a filter that names a column; nothing updated" },
    ]);
    const unmatched = await runSheetsBlock(
      {
        action: "Update a row",
        filter: { comparisons: [{ id: "c1", column: "Email", value: "{{Email}}" }] },
        cellsToUpsert,
      },
      "nobody@example.com",
    );
    expect(unmatched.logs).toEqual([
      { status: "error", description: "No row matches the filter; nothing updated" },
    ]);
    expect(requestLines().filter((line) => line.includes("batchUpdate"))).toEqual([]);
  });

  it("turns Google's refusals into logs and the flow goes on", async () => {
    const get = {
      action: "Get data from sheet",
      cellsToExtract: [{ id: "x1", column: "Name", variableId: "v-name" }],
    };
    google.forbidden.add(spreadsheetId);
    const forbidden = await runSheetsBlock(get);
    expect(forbidden.logs).toEqual([
      {
        status: "error",
        description: "Could not read the sheet",
        details: `The service account ${clientEmail} has no access to this spreadsheet: share it with that address (Google: The caller does not have permission)`,
      },
    ]);
    expect(forbidden.chat.outcome.response.input?.id).toBe("end");
    google.forbidden.clear();

    const missing = await runSheetsBlock({
      ...get,
      spreadsheetId: "https://docs.google.com/spreadsheets/d/1Missing_id-0/edit#gid=0",
    });
    expect(missing.logs[0]!.details).toBe(
      "The spreadsheet was not found: check its address or id (Google: Requested entity was not found.)",
    );
    expect(requestLines().at(-1)).toBe("GET /v4/spreadsheets/1Missing_id-0?fields=sheets.properties");

    const noSheet = await runSheetsBlock({ ...get, sheetId: "42" });
    expect(noSheet.logs[0]!.details).toBe("The spreadsheet has no sheet with id 42");

    google.isQuotaExceeded = true;
    const quota = await runSheetsBlock(get);
    expect(quota.logs[0]!.details).toBe(
      "Google Sheets' quota is used up for now; try again in a minute (Google: Quota exceeded for quota metric 'Read requests'.)",
    );
    expect(quota.chat.outcome.response.input?.id).toBe("end");
  });

  it("logs a key Google refuses, and credentials of another workspace", async () => {
    const refused = await runSheetsBlock({
      action: "Insert a row",
      credentialsId: workspace.credentialsIds["other key"],
      cellsToInsert: [{ id: "i1", column: "Name", value: "x" }],
    });
    expect(refused.logs).toEqual([
      {
        status: "error",
        description: "Could not read the sheet",
        details: `Google refused the service account ${clientEmail} (invalid_grant: Invalid JWT Signature.)`,
      },
    ]);
    const other = await createWorkspaceWithCredentials([
      { type: "googleSheets", name: "theirs", data: { client_email: clientEmail, private_key: privateKey } },
    ]);
    const foreign = await runSheetsBlock({
      action: "Get data from sheet",
      credentialsId: other.credentialsIds.theirs,
    });
    expect(foreign.logs[0]!.details).toBe(
      `Credentials "${other.credentialsIds.theirs}" do not exist in this workspace`,
    );
  });

  it("logs a block that is not set up yet", async () => {
    const { logs } = await runSheetsBlock({ action: undefined });
    expect(logs).toEqual([
      {
        status: "error",
        description:
          "Google Sheets block is not set up (credentials, spreadsheet, sheet and action); skipped",
      },
    ]);
  });
});
