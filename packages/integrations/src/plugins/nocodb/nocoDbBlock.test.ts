import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApiKey, createWorkspaceWithCredentials } from "../../testing/integrationFixtures";
import {
  type ReceivedRequest,
  runPluginBlock,
  type ServiceServer,
  startServiceServer,
} from "../../testing/pluginHarness";

const apiKey = createTestApiKey("nc");
const tableId = "m8k3tyi0yb0bdqw";
let nocodb: ServiceServer;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;
let rows: Record<string, unknown>[];

/** NocoDB's v2 records API over an in-memory table: `where` with `eq` comparisons joined by `~and`, POST, PATCH. */
function answerAsNocoDb(request: ReceivedRequest, response: import("node:http").ServerResponse) {
  const url = new URL(request.path, "http://nocodb");
  const json = (status: number, body: unknown) =>
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  if (request.headers["xc-token"] !== apiKey) return json(401, { msg: "Invalid token" });
  if (url.pathname !== `/api/v2/tables/${tableId}/records`) return json(404, { msg: "Table not found" });
  if (request.method === "GET") {
    const comparisons = (url.searchParams.get("where") ?? "")
      .split("~and")
      .filter(Boolean)
      .map((clause) => clause.slice(1, -1).split(","));
    const list = rows.filter((row) => comparisons.every(([field, , value]) => String(row[field!]) === value));
    return json(200, {
      list,
      pageInfo: { totalRows: list.length, page: 1, pageSize: 1000, isFirstPage: true },
    });
  }
  if (request.method === "POST") {
    const record = { Id: rows.length + 1, ...JSON.parse(request.body) };
    rows.push(record);
    return json(200, { Id: record.Id });
  }
  if (request.method === "PATCH") {
    const updates = JSON.parse(request.body) as { Id: number }[];
    for (const update of updates) Object.assign(rows.find((row) => row.Id === update.Id)!, update);
    return json(
      200,
      updates.map(({ Id }) => ({ Id })),
    );
  }
  return json(405, { msg: "Method not allowed" });
}

beforeAll(async () => {
  nocodb = await startServiceServer();
  workspace = await createWorkspaceWithCredentials([
    { type: "nocodb", name: "base", data: { baseUrl: `${nocodb.origin}/`, apiKey } },
  ]);
});
afterAll(() => nocodb.close());
beforeEach(() => {
  nocodb.received.length = 0;
  nocodb.answer = answerAsNocoDb;
  rows = [
    { Id: 1, Email: "ada@example.com", Name: "Ada", Plan: "pro", Seats: 12 },
    { Id: 2, Email: "alan@example.com", Name: "Alan", Plan: "free", Seats: 1 },
    { Id: 3, Email: "grace@example.com", Name: "Grace", Plan: "pro", Seats: 40 },
  ];
});

const runNocoDb = (options: Record<string, unknown>) =>
  runPluginBlock(workspace.workspaceId, {
    id: "nocodb",
    type: "nocodb",
    options: { credentialsId: workspace.credentialsIds.base, tableId, ...options },
  });

const requestLines = () =>
  nocodb.received.map(
    (request) =>
      `${request.method} ${decodeURIComponent(request.path)}${request.body ? ` ${request.body}` : ""}`,
  );

describe("NocoDB block against NocoDB's v2 records API", () => {
  it("searches records by a filter and saves the fields of the first into variables", async () => {
    const { logs, variables } = await runNocoDb({
      action: "Search Records",
      filter: { comparisons: [{ input: "Email", operator: "Equal to", value: "{{Email}}" }] },
      returnType: "First",
      responseMapping: [
        { fieldName: "Name", variableId: "v-out" },
        { fieldName: "Seats", variableId: "v-out2" },
      ],
    });
    expect(logs).toEqual([{ status: "success", description: "NocoDB: 1 record found" }]);
    expect(variables["v-out"]).toBe("Ada");
    expect(variables["v-out2"]).toBe("12");
    expect(requestLines()).toEqual([
      `GET /api/v2/tables/${tableId}/records?where=(Email,eq,ada@example.com)&limit=1000`,
    ]);
    expect(nocodb.received[0]!.headers["xc-token"]).toBe(apiKey);
  });

  it("saves every matching record's field as a list, and says when nothing matches", async () => {
    const all = await runNocoDb({
      action: "Search Records",
      filter: { comparisons: [{ input: "Plan", operator: "Equal to", value: "{{Plan}}" }] },
      viewId: "vw123",
      responseMapping: [
        { fieldName: "Name", variableId: "v-out" },
        { fieldName: "Missing", variableId: "v-out2" },
      ],
    });
    expect(all.variables["v-out"]).toEqual(["Ada", "Grace"]);
    expect(all.logs).toEqual([
      { status: "error", description: 'NocoDB: the records have no field "Missing"' },
      { status: "success", description: "NocoDB: 2 records found" },
    ]);
    expect(requestLines()).toEqual([
      `GET /api/v2/tables/${tableId}/records?where=(Plan,eq,pro)&viewId=vw123&limit=1000`,
    ]);
    const none = await runNocoDb({
      action: "Search Records",
      filter: { comparisons: [{ input: "Plan", operator: "Equal to", value: "team" }] },
      responseMapping: [{ fieldName: "Name", variableId: "v-out" }],
    });
    expect(none.logs).toEqual([
      { status: "info", description: "NocoDB: no record matches the filter; variables left unchanged" },
    ]);
  });

  it("creates a record with the fields as a JSON object", async () => {
    const { logs } = await runNocoDb({
      action: "Create Record",
      fields: [
        { key: "Email", value: "{{Email}}" },
        { key: "Plan", value: "{{Plan}}" },
      ],
    });
    expect(logs).toEqual([{ status: "success", description: "NocoDB: record created" }]);
    expect(requestLines()).toEqual([
      `POST /api/v2/tables/${tableId}/records {"Email":"ada@example.com","Plan":"pro"}`,
    ]);
    expect(rows[3]).toEqual({ Id: 4, Email: "ada@example.com", Plan: "pro" });
  });

  it("updates every record the filter matches by its Id, and refuses an update without a comparison", async () => {
    const { logs } = await runNocoDb({
      action: "Update Existing Record",
      filter: { comparisons: [{ input: "Plan", operator: "Equal to", value: "pro" }] },
      updates: [{ fieldName: "Plan", value: "enterprise" }],
    });
    expect(logs).toEqual([{ status: "success", description: "NocoDB: 2 records updated" }]);
    expect(requestLines()).toEqual([
      `GET /api/v2/tables/${tableId}/records?where=(Plan,eq,pro)&limit=1000`,
      `PATCH /api/v2/tables/${tableId}/records [{"Id":1,"Plan":"enterprise"},{"Id":3,"Plan":"enterprise"}]`,
    ]);
    expect(rows.map((row) => row.Plan)).toEqual(["enterprise", "free", "enterprise"]);
    nocodb.received.length = 0;
    const unfiltered = await runNocoDb({
      action: "Update Existing Record",
      updates: [{ fieldName: "Plan", value: "x" }],
    });
    expect(unfiltered.logs).toEqual([
      {
        status: "error",
        description: "NocoDB Update Existing Record: the filter has no comparison; skipped",
      },
    ]);
    expect(nocodb.received).toEqual([]);
  });

  it("builds NocoDB's where syntax for every operator, joined by ~or", async () => {
    await runNocoDb({
      action: "Search Records",
      filter: {
        joiner: "OR",
        comparisons: [
          { input: "A", operator: "Not equal", value: "1" },
          { input: "B", operator: "Contains", value: "x" },
          { input: "C", operator: "Greater than", value: "2" },
          { input: "D", operator: "Less than", value: "3" },
          { input: "E", operator: "Is set" },
          { input: "F", operator: "Is empty" },
          { input: "G", operator: "Starts with", value: "s" },
          { input: "H", operator: "Ends with", value: "e" },
        ],
      },
    });
    const where = new URL(nocodb.received[0]!.path, "http://nocodb").searchParams.get("where");
    expect(where).toBe(
      "(A,neq,1)~or(B,like,%x%)~or(C,gt,2)~or(D,lt,3)~or(E,isnot,null)~or(F,is,null)~or(G,like,s%)~or(H,like,%e)",
    );
  });

  it("logs NocoDB's refusal without the token", async () => {
    nocodb.answer = (_request, response) =>
      response
        .writeHead(401, { "content-type": "application/json" })
        .end(JSON.stringify({ msg: `Invalid token ${apiKey}` }));
    const { logs } = await runNocoDb({ action: "Create Record", fields: [{ key: "A", value: "1" }] });
    expect(logs).toEqual([
      {
        status: "error",
        description: "NocoDB: creating the record failed",
        details: "NocoDB answered 401: Invalid token [redacted]",
      },
    ]);
  });
});
