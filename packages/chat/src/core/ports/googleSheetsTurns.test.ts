import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import {
  createServiceAccountKeys,
  type GoogleSheetsProtocolServer,
  startGoogleSheetsProtocolServer,
} from "@parley/integrations/testing/googleSheetsProtocolServer";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  publishTestBotVersion,
  readResponse,
} from "../../testing/chatFixtures";
import { createAskThenFlow, group, text } from "../../testing/testFlows";
import { createPortServices } from "./createPortServices";

const clientEmail = "runtime@parley-tests.iam.gserviceaccount.com";
const { publicKey, privateKey } = createServiceAccountKeys();
let google: GoogleSheetsProtocolServer;
let chat: ReturnType<typeof createTestChat>["chat"];

beforeAll(async () => {
  google = await startGoogleSheetsProtocolServer({ clientEmail, publicKey });
  chat = createTestChat({
    services: createPortServices({
      googleEndpoints: { tokenUrl: google.tokenUrl, sheetsApiUrl: google.sheetsApiUrl },
    }),
  }).chat;
});
afterAll(() => google.close());

/** Ask an e-mail, look its row up, greet by the name found, then log the visit as a new row. */
const createLookupFlow = (credentialsId: string, spreadsheetId: string) =>
  createAskThenFlow({
    ask: { type: "email input", options: { variableId: "v-email" } },
    edgeId: "e-look",
    next: group(
      "g-look",
      [
        {
          id: "b-get",
          type: "Google Sheets",
          options: {
            credentialsId,
            spreadsheetId,
            sheetId: "0",
            action: "Get data from sheet",
            filter: {
              comparisons: [{ id: "c", column: "Email", comparisonOperator: "Equal to", value: "{{Email}}" }],
            },
            cellsToExtract: [{ id: "x", column: "Name", variableId: "v-name" }],
            totalRowsToExtract: "First",
          },
        },
        text("b-hello", "Hello {{Name}}!"),
        {
          id: "b-insert",
          type: "Google Sheets",
          options: {
            credentialsId,
            spreadsheetId,
            sheetId: "0",
            action: "Insert a row",
            cellsToInsert: [
              { id: "i1", column: "Email", value: "{{Email}}" },
              { id: "i2", column: "Name", value: "visit of {{Name}}" },
            ],
          },
        },
        { id: "b-end", type: "text input", options: {} },
      ],
      { title: "Look up", x: 300 },
    ),
    variables: [
      { id: "v-email", name: "Email" },
      { id: "v-name", name: "Name" },
    ],
  });

async function publishLookupBot(spreadsheetId: string) {
  const bot = await createPublishedTestBot({ events: [], groups: [], edges: [], variables: [] });
  const credentials = await createWorkspaceCredentials(getPrisma(), bot.workspaceId, {
    type: "googleSheets",
    name: "sheets",
    data: { client_email: clientEmail, private_key: privateKey },
  });
  await publishTestBotVersion(bot.botId, createLookupFlow(credentials.id, spreadsheetId));
  return bot;
}

const call = async (path: string, chatKey: string, body: unknown) =>
  readResponse(await chat(chatRequest(path, { token: chatKey, body })));

const storedLogs = (resultId: string) =>
  getPrisma().log.findMany({
    where: { resultId },
    orderBy: { createdAt: "asc" },
    select: { status: true, description: true, details: true, context: true },
  });

it("a live chat reads a row into a variable, shows it and appends a row; the logs are stored on the result", async () => {
  google.spreadsheets.set("1RuntimeLookup", [
    {
      sheetId: 0,
      title: "Customers",
      values: [
        ["Email", "Name"],
        ["ada@example.com", "Ada"],
      ],
    },
  ]);
  const bot = await publishLookupBot("1RuntimeLookup");
  const start = await call(`/bots/${bot.publicId}/startChat`, bot.chatKey, {});
  const turn = await call(`/sessions/${start.body.sessionId}/continueChat`, bot.chatKey, {
    message: "ada@example.com",
  });
  expect(turn.status).toBe(200);
  expect(JSON.stringify(turn.body.messages)).toContain("Hello Ada!");
  // Live visitors do not see integration logs.
  expect(turn.body.logs ?? []).toEqual([]);
  expect(google.spreadsheets.get("1RuntimeLookup")![0]!.values.at(-1)).toEqual([
    "ada@example.com",
    "visit of Ada",
  ]);
  const result = await getPrisma().result.findUniqueOrThrow({ where: { id: start.body.resultId } });
  expect(result.variables).toEqual(
    expect.arrayContaining([expect.objectContaining({ id: "v-name", value: "Ada" })]),
  );
  expect(await storedLogs(start.body.resultId)).toEqual([
    { status: "success", description: "Got 1 row from the sheet", details: null, context: "b-get" },
    { status: "success", description: "Inserted a row", details: null, context: "b-insert" },
  ]);
});

it("a spreadsheet not shared with the service account is a stored error log and the chat goes on", async () => {
  google.spreadsheets.set("1RuntimePrivate", [
    { sheetId: 0, title: "Customers", values: [["Email", "Name"]] },
  ]);
  google.forbidden.add("1RuntimePrivate");
  const bot = await publishLookupBot("1RuntimePrivate");
  const start = await call(`/bots/${bot.publicId}/startChat`, bot.chatKey, {});
  const turn = await call(`/sessions/${start.body.sessionId}/continueChat`, bot.chatKey, {
    message: "ada@example.com",
  });
  expect(turn.status).toBe(200);
  expect(JSON.stringify(turn.body.messages)).toContain("Hello !");
  expect(turn.body.input).toMatchObject({ id: "b-end" });
  expect(turn.body.logs ?? []).toEqual([]);
  const denied = `The service account ${clientEmail} has no access to this spreadsheet: share it with that address (Google: The caller does not have permission)`;
  expect(await storedLogs(start.body.resultId)).toEqual([
    { status: "error", description: "Could not read the sheet", details: denied, context: "b-get" },
    { status: "error", description: "Could not read the sheet", details: denied, context: "b-insert" },
  ]);
});
