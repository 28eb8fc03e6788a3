import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFlow, createTestPorts, getMessageTexts, startTestChat, textBlock } from "../../testing";

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let baseUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      if (request.url?.startsWith("/fail")) {
        response.writeHead(503, { "content-type": "text/plain" }).end("down");
        return;
      }
      if (request.url?.startsWith("/slow")) return;
      if (request.url?.startsWith("/proto")) {
        // A body naming prototype keys, as a hostile server could send it.
        response.writeHead(200, { "content-type": "application/json" });
        response.end('{"__proto__": {"isAdmin": true}, "user": {"name": "Grace"}, "items": [{"id": 7}]}');
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ user: { name: "Grace", tags: ["a", "b"] }, items: [{ id: 7 }], count: 3 }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const variables = [
  { id: "name", name: "Name", value: 'Ada "the first"' },
  { id: "list", name: "List", value: ["x", "y"] },
  { id: "age", name: "Age", value: "36" },
  { id: "out-name", name: "OutName" },
  { id: "out-tags", name: "OutTags" },
  { id: "out-status", name: "OutStatus" },
  { id: "out-expr", name: "OutExpr" },
];

const httpFlow = (options: Record<string, unknown>, type = "Webhook") =>
  createFlow({
    variables,
    groups: [
      {
        id: "g",
        title: "G",
        blocks: [
          { id: "answer", type: "text input", options: { variableId: "age" } },
          { id: "http", type, options },
          textBlock("t", "{{OutName}}|{{OutTags}}|{{OutStatus}}|{{OutExpr}}"),
        ],
      },
    ],
  });

const mapping = [
  { id: "m1", variableId: "out-name", bodyPath: "data.user.name" },
  { id: "m2", variableId: "out-tags", bodyPath: "data.user.tags" },
  { id: "m3", variableId: "out-status", bodyPath: "statusCode" },
  { id: "m4", variableId: "out-expr", bodyPath: "data.items.map((item) => item.id * data.count)" },
];

const run = async (options: Record<string, unknown>, type = "Webhook") => {
  received.length = 0;
  const chat = await startTestChat(httpFlow(options, type), { isPreview: true });
  return chat.send("41");
};

describe("HTTP request block", () => {
  it("sends method, URL and query with variables, headers with Basic auth encoded, a JSON-aware custom body", async () => {
    const outcome = await run({
      webhook: {
        url: `${baseUrl}/hook/{{Age}}`,
        method: "PUT",
        queryParams: [{ id: "q", key: "who", value: "{{Name}}" }],
        headers: [
          { id: "h1", key: "Authorization", value: "Basic user:{{Age}}" },
          { id: "h2", key: "X-Name", value: "{{Age}}" },
        ],
        body: '{"name": "{{Name}}", "greeting": "Hi {{Name}}!", "list": {{List}}, "age": {{Age}}, "missing": {{Nope}}}',
      },
      isCustomBody: true,
      responseVariableMapping: mapping,
    });
    const [request] = received;
    expect(request?.method).toBe("PUT");
    expect(request?.url).toBe("/hook/41?who=Ada%20%22the%20first%22");
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from("user:41").toString("base64")}`);
    expect(request?.headers["x-name"]).toBe("41");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      name: 'Ada "the first"',
      greeting: 'Hi Ada "the first"!',
      list: ["x", "y"],
      age: 41,
      missing: null,
    });
    expect(getMessageTexts(outcome)).toEqual(['Grace|["a","b"]|200|["21"]']);
    expect(outcome.response.logs[0]).toMatchObject({
      status: "success",
      description: "HTTP request succeeded",
    });
  });

  it("sends the default body: submission time, answers and variables by name", async () => {
    await run({ webhook: { url: `${baseUrl}/default` } });
    expect(JSON.parse(received[0]?.body ?? "")).toEqual({
      submittedAt: "2026-08-21T10:00:00.000Z",
      Age: "41",
      Name: 'Ada "the first"',
      List: ["x", "y"],
    });
  });

  it("sends no body with GET", async () => {
    await run({ webhook: { url: `${baseUrl}/get`, method: "GET" } });
    expect(received[0]).toMatchObject({ method: "GET", body: "" });
  });

  it("maps error responses and logs them; hidden from live clients, kept for the result", async () => {
    received.length = 0;
    const chat = await startTestChat(
      httpFlow({ webhook: { url: `${baseUrl}/fail` }, responseVariableMapping: mapping }),
    );
    const outcome = await chat.send("41");
    expect(getMessageTexts(outcome)).toEqual(["||503|"]);
    expect(outcome.response.logs).toEqual([]);
    expect(outcome.logsToPersist[0]).toMatchObject({
      status: "error",
      description: "HTTP request answered 503",
      resultId: "result-1",
    });
  });

  it("gives up after the timeout and goes on", async () => {
    const outcome = await run({
      webhook: { url: `${baseUrl}/slow` },
      timeout: 1,
      responseVariableMapping: mapping,
    });
    expect(getMessageTexts(outcome)).toEqual(["||500|"]);
    expect(outcome.response.logs[0]?.description).toBe("HTTP request failed (TIMEOUT)");
  });

  it("reports what the SSRF-safe port refuses", async () => {
    const ports = createTestPorts({
      fetchHttp: async () => ({ ok: false, error: { code: "BLOCKED", message: "private address" } }),
    });
    const chat = await startTestChat(httpFlow({ webhook: { url: "http://169.254.169.254/" } }), {
      ports,
      isPreview: true,
    });
    const outcome = await chat.send("41");
    expect(outcome.response.logs[0]?.description).toBe("HTTP request failed (BLOCKED)");
  });

  it.each(["Zapier", "Make.com", "Pabbly"])("%s blocks use the same executor", async (type) => {
    await run({ webhook: { url: `${baseUrl}/platform` } }, type);
    expect(received[0]?.url).toBe("/platform");
  });

  it("executes on the client when asked, then maps the client's JSON reply", async () => {
    const chat = await startTestChat(
      httpFlow({
        webhook: { url: "https://api.test/{{Age}}", method: "POST", body: '{"a": {{Age}}}' },
        isCustomBody: true,
        isExecutedOnClient: true,
        responseVariableMapping: mapping,
      }),
    );
    const waiting = await chat.send("41");
    expect(waiting.response.clientSideActions).toEqual([
      {
        type: "httpRequestToExecute",
        httpRequestToExecute: {
          url: "https://api.test/41",
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: { a: 41 },
        },
        expectsDedicatedReply: true,
      },
    ]);
    const reply = JSON.stringify({
      statusCode: 201,
      data: { user: { name: "Client", tags: [] }, items: [], count: 0 },
    });
    expect(getMessageTexts(await chat.send(reply))).toEqual(["Client|[]|201|[]"]);
  });

  it("reads property paths by own key only: indexes, quoted keys, missing steps, prototype keys refused", async () => {
    const outcome = await run({
      webhook: { url: `${baseUrl}/proto`, method: "GET" },
      responseVariableMapping: [
        { id: "m1", variableId: "out-name", bodyPath: `user["name"]` },
        { id: "m2", variableId: "out-tags", bodyPath: "data.items[0].id" },
        { id: "m3", variableId: "out-status", bodyPath: "data.__proto__.isAdmin" },
        { id: "m4", variableId: "out-expr", bodyPath: "data.user.missing.deeper" },
      ],
    });
    expect(getMessageTexts(outcome)).toEqual(["Grace|7||"]);
  });

  it("refuses a client reply that is not JSON", async () => {
    const chat = await startTestChat(
      httpFlow({ webhook: { url: "https://api.test" }, isExecutedOnClient: true }),
    );
    await chat.send("41");
    await expect(chat.send("not json")).rejects.toMatchObject({ code: "INVALID_CLIENT_REPLY" });
  });
});
