import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { createPgPool, getPrisma } from "@parley/db";
import { findFreePort } from "@parley/db/embedded";
import { captureSharedLogger } from "@parley/platform/testing/createCapturingLogger";
import { errorBodySchema } from "@parley/schemas";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { chatEndpoints } from "../../chatEndpoints";
import { createPublishedTestBot, createTestChat } from "../../testing/chatFixtures";
import { startTestChatServer } from "../../testing/startTestChatServer";
import { createGreetingFlow } from "../../testing/testFlows";

// Every error condition the three chat endpoints share, over a real HTTP connection
// (node:http, the chat-server mount): the status of each code (decisions.md), the exact
// error body, the issue code, and x-request-id on every answer.

type Server = Awaited<ReturnType<typeof startTestChatServer>>;
let server: Server;
let deadServer: Server;
let bot: Awaited<ReturnType<typeof createPublishedTestBot>>;
let paths: [string, string][];

beforeAll(async () => {
  server = await startTestChatServer(createTestChat().chat);
  // The same handlers on a database nobody listens on: every query fails to connect.
  const deadPool = createPgPool(`postgres://parley:parley@127.0.0.1:${await findFreePort()}/none`, 2);
  deadServer = await startTestChatServer(createTestChat({ getPool: () => deadPool }).chat);
  bot = await createPublishedTestBot(createGreetingFlow());
  const start = await post(server, `/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: "{}" });
  const sessionId = start.body.sessionId as string;
  paths = [
    ["startChat", `/bots/${bot.publicId}/startChat`],
    ["continueChat", `/sessions/${sessionId}/continueChat`],
    ["updateBot", `/sessions/${sessionId}/updateBot`],
  ];
});
afterAll(async () => {
  await server.close();
  await deadServer.close();
});

async function post(
  target: Server,
  path: string,
  options: { token?: string; authorization?: string; body?: string; contentType?: string },
) {
  const headers: Record<string, string> = {};
  const authorization = options.authorization ?? (options.token ? `Bearer ${options.token}` : undefined);
  if (authorization !== undefined) headers.authorization = authorization;
  if (options.body !== undefined) headers["content-type"] = options.contentType ?? "application/json";
  const response = await fetch(`${target.baseUrl}/api/v1${path}`, {
    method: "POST",
    headers,
    body: options.body,
  });
  const text = await response.text();
  expect(response.headers.get("x-request-id")).toMatch(/\S/);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, body: JSON.parse(text) };
}

function expectError(response: { status: number; body: unknown }, status: number, issueCode?: string) {
  expect(response.status).toBe(status);
  const body = errorBodySchema.strict().parse(response.body);
  if (issueCode) expect(body.issues.map((issue) => issue.code)).toEqual([issueCode]);
  return body;
}

describe("errors every chat endpoint answers alike, over HTTP", () => {
  it("UNAUTHORIZED without a usable Authorization header", async () => {
    for (const [, path] of paths) {
      for (const authorization of [undefined, "", "Bearer", "Bearer   ", "Basic abc", "bearer"]) {
        const body = expectError(await post(server, path, { authorization, body: "{}" }), 401);
        expect(body).toEqual({ code: "UNAUTHORIZED", message: "Authorization not provided", issues: [] });
      }
    }
  });

  it("NOT_FOUND for a method an endpoint does not serve and for a path no endpoint serves", async () => {
    const calls = [
      ...chatEndpoints.flatMap(({ method: served, path: template }) => {
        const path = template.replaceAll(/\{\w+\}/g, (name) => (name === "{visibility}" ? "public" : "x"));
        return (
          ["GET", "POST", "PUT", "PATCH", "DELETE"]
            // Another endpoint may serve the same path with this method (a webhook's GET and POST).
            .filter(
              (method) =>
                method !== served &&
                !chatEndpoints.some((other) => other.path === template && other.method === method),
            )
            .map((method) => [method, path])
        );
      }),
      ["POST", "/no-such-endpoint"],
      ["OPTIONS", "/no-such-endpoint"],
      ["GET", `/bots/${bot.publicId}`],
    ];
    for (const [method, path] of calls) {
      const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${bot.chatKey}` },
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get("x-request-id")).toMatch(/\S/);
      expect(await response.json()).toEqual({ code: "NOT_FOUND", message: "Not found", issues: [] });
    }
  });

  it("FORBIDDEN for unknown tokens, revoked API tokens and tokens of other workspaces", async () => {
    const other = await createPublishedTestBot(createGreetingFlow());
    const apiToken = await getPrisma().apiToken.findFirstOrThrow({ where: { ownerId: bot.owner.user.id } });
    for (const [, path] of paths) {
      expectError(await post(server, path, { token: "ck_unknown", body: "{}" }), 403, "TOKEN_UNKNOWN");
      expectError(await post(server, path, { token: "something-else", body: "{}" }), 403, "TOKEN_UNKNOWN");
      const foreign = expectError(await post(server, path, { token: other.owner.token, body: "{}" }), 403);
      expect(foreign.message).toBe("Insufficient access");
      expectError(await post(server, path, { token: other.chatKey, body: "{}" }), 403);
    }
    await getPrisma().apiToken.update({ where: { id: apiToken.id }, data: { revokedAt: new Date() } });
    try {
      for (const [, path] of paths) {
        expectError(await post(server, path, { token: bot.owner.token, body: "{}" }), 403, "TOKEN_REVOKED");
      }
    } finally {
      await getPrisma().apiToken.update({ where: { id: apiToken.id }, data: { revokedAt: null } });
    }
  });

  it("BAD_REQUEST for malformed JSON, a body that is not an object, a wrong Content-Type and a body over 1 MiB", async () => {
    for (const [, path] of paths) {
      const token = bot.chatKey;
      const malformed = expectError(await post(server, path, { token, body: "{oops" }), 400, "INVALID_JSON");
      expect(malformed.message).toBe("Invalid input data");
      expectError(await post(server, path, { token, body: "[1,2]" }), 400, "INVALID_JSON");
      expectError(await post(server, path, { token, body: '"text"' }), 400, "INVALID_JSON");
      expectError(
        await post(server, path, { token, body: "{}", contentType: "text/plain" }),
        400,
        "UNSUPPORTED_CONTENT_TYPE",
      );
      const huge = JSON.stringify({ pad: "x".repeat(1024 * 1024) });
      expectError(await post(server, path, { token, body: huge }), 400, "PAYLOAD_TOO_LARGE");
    }
    // Nothing of the refused requests was recorded.
    const results = await getPrisma().result.findMany({
      where: { botId: bot.botId },
      include: { answers: true },
    });
    expect(results).toHaveLength(1);
    expect(results[0]?.answers).toEqual([]);
  });

  it("INTERNAL_SERVER_ERROR without details when the database cannot be reached", async () => {
    for (const [, path] of paths) {
      const response = await post(deadServer, path, { token: bot.chatKey, body: "{}" });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        code: "INTERNAL_SERVER_ERROR",
        message: "Internal server error",
        issues: [],
      });
    }
  });

  // Issue 17, items 1, 3 and 4: what used to answer 500 before (or without) reaching a handler.
  it("BAD_REQUEST MALFORMED_PATH for a path that does not decode or decodes to a NUL, before the credentials, logging no error", async () => {
    const sessionId = paths[1]?.[1].split("/")[2];
    // The server's log lines of warning level and above while these requests are answered: none.
    const log = captureSharedLogger("warn");
    onTestFinished(log.restore);
    for (const path of [
      "/bots/%E0%A4%A",
      "/sessions/%ZZ/continueChat",
      "/sessions/a%00b/continueChat",
      `/bots/${bot.publicId}%00/startChat`,
      `/sessions/${sessionId}%00/updateBot`,
      "/%E0%A4%A",
    ]) {
      for (const token of [undefined, bot.chatKey]) {
        const body = expectError(await post(server, path, { token, body: "{}" }), 400, "MALFORMED_PATH");
        expect(body.issues[0]?.path).toEqual(["path"]);
      }
    }
    expect(log.lines).toEqual([]);
  });

  it("NOT_FOUND in the contract's body for TRACE, PROPFIND and other methods no route serves", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "LINK"]) {
      for (const path of [paths[0]?.[1], "/no-such-endpoint"]) {
        const answer = await rawRequest(method, `/api/v1${path}`);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
        expect(JSON.parse(answer.body)).toEqual({ code: "NOT_FOUND", message: "Not found", issues: [] });
      }
    }
  });

  it("answers what Node's parser refuses (a method it does not know, headers over 16 KiB) in the contract's body", async () => {
    const unknownMethod = await rawExchange("FROB /api/v1/no-such-endpoint HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(unknownMethod).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
    expect(unknownMethod).toMatch(/\r\nx-request-id: [\w-]{8,}\r\n/);
    expect(JSON.parse(unknownMethod.split("\r\n\r\n")[1] ?? "")).toEqual({
      code: "NOT_FOUND",
      message: "Not found",
      issues: [],
    });
    const hugeHeaders = await rawExchange(
      `POST /api/v1${paths[0]?.[1]} HTTP/1.1\r\nHost: x\r\nX-Pad: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(hugeHeaders).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(hugeHeaders.split("\r\n\r\n")[1] ?? "").issues[0].code).toBe("MALFORMED_REQUEST");
    // A HEAD request's answer ends with its headers: no body after them.
    const hugeHead = await rawExchange(`HEAD /api/v1/${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(hugeHead).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(hugeHead.endsWith("\r\n\r\n")).toBe(true);
  });

  it("BAD_REQUEST INVALID_FIELD for NUL and unpaired surrogates in any string of the body", async () => {
    const start = await post(server, paths[0]?.[1] ?? "", { token: bot.chatKey, body: "{}" });
    const continuePath = `/sessions/${start.body.sessionId}/continueChat`;
    const cases: [string, string, (string | number)[]][] = [
      [continuePath, JSON.stringify({ message: { type: "text", text: "a\u0000b" } }), ["message", "text"]],
      [continuePath, JSON.stringify({ message: "\ud800" }), ["message"]],
      [
        paths[0]?.[1] ?? "",
        JSON.stringify({ prefilledVariables: { Name: "x\udc00" } }),
        ["prefilledVariables", "Name"],
      ],
      [
        paths[0]?.[1] ?? "",
        JSON.stringify({ prefilledVariables: { "N\u0000": "x" } }),
        ["prefilledVariables"],
      ],
    ];
    for (const [path, body, field] of cases) {
      const error = expectError(await post(server, path, { token: bot.chatKey, body }), 400, "INVALID_FIELD");
      expect(error.issues[0]?.path).toEqual(field);
    }
  });

  it("BAD_REQUEST INVALID_FIELD for a body nested 5,000 levels deep, even in a field the endpoint ignores", async () => {
    const deep = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    for (const [, path] of paths) {
      const body = `{"message":{"type":"text","text":"hi"},"ignored":${deep}}`;
      const error = expectError(await post(server, path, { token: bot.chatKey, body }), 400, "INVALID_FIELD");
      expect(error.issues[0]?.message).toBe("The body is nested deeper than 64 levels");
    }
  });
});

/** A request with any method (fetch refuses TRACE) over node:http. */
function rawRequest(method: string, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const outgoing = httpRequest(`${server.baseUrl}${path}`, { method }, (incoming) => {
        let body = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => {
          body += chunk;
        });
        incoming.on("end", () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }),
        );
      });
      outgoing.on("error", reject);
      outgoing.end();
    },
  );
}

/** Bytes written as they are on a new connection; everything the server sends until it closes. */
function rawExchange(bytes: string) {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}
