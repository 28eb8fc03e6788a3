// The black-box fuzz suite (issue 17): at least FUZZ_RUNS (500) generated requests per endpoint of the
// OpenAPI document, and the share page, against the running production servers: the builder and the viewer
// of playwright's webServer (`npm start`'s production builds) and a chat server (dist/server/chatServer.mjs)
// on the same database. Paths with malformed escapes, `%00`, `..` and very long segments; methods no route
// serves; credentials, content types and request ids; bodies with a NUL or an unpaired surrogate in one string
// of the endpoint's schema, nested past the limit, malformed. Every answer is below 500, and every error
// under /api/v1 is the contract's body (exact keys, the code's fixed message and status, x-request-id).
// CI runs a fixed seed; `npm run fuzz` a larger run on a random seed (printed, FUZZ_SEED replays it).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { embeddedConnectionString } from "@parley/db/embedded";
import fc from "fast-check";
import { listOperations } from "../packages/api/src/fuzz/listOperations";
import { readFuzzSettings } from "../packages/api/src/fuzz/readFuzzSettings";
import { type FuzzIds, type FuzzRequest, requestArbitrary } from "../packages/api/src/fuzz/requestArbitrary";
import { type ErrorCode, errorHttpStatuses, errorMessages } from "../packages/schemas/src/errors";
import embedBot from "./fixtures/embed-bot.json" with { type: "json" };
import { createApiToken, createPublishedBot, readChatKey, viewerUrl } from "./support/bots";
import { expect, signUpNewUser, test } from "./support/fixtures";

const { runs: RUNS, seed: SEED } = readFuzzSettings(process.env, 500);
const CONCURRENCY = 8;
const projectRoot = path.resolve(import.meta.dirname, "..");
const builderUrl = `http://127.0.0.1:${process.env.E2E_BUILDER_PORT}`;
const chatServerPort = Number(process.env.E2E_BUILDER_PORT) + 10_000;
const chatServerUrl = `http://127.0.0.1:${chatServerPort}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One request as it is (method, raw path, headers, body) over node:http; undefined when it cannot be sent. */
function send(base: string, request: FuzzRequest, isRetry = false): Promise<Answer | undefined> {
  const { method, path: target, headers, body } = request;
  const url = new URL(base);
  // Framed by Content-Length whatever the method (node:http sends a GET's body unframed otherwise).
  const framing = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    let outgoing: ReturnType<typeof httpRequest>;
    try {
      outgoing = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method,
          path: target,
          headers: { ...headers, ...framing },
          agent,
          // A redirect of a long path names it twice (Location and Refresh): more than node's 16 KiB default.
          maxHeaderSize: 64 * 1024,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("end", () =>
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          incoming.on("error", reject);
        },
      );
    } catch {
      // A header value or method node:http refuses to write (a NUL in a header): no server ever sees it.
      return resolve(undefined);
    }
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as it was reused (its idle timeout): sent again once.
      if (outgoing.reusedSocket && error.code === "ECONNRESET" && !isRetry) {
        resolve(send(base, request, true));
      } else reject(error);
    });
    outgoing.end(body);
  });
}

/**
 * Whether a request's path, once dot segments are resolved as servers do (`%2e%2e` too), is under /api/v1, or, on
 * the viewer and the chat server (`withTypebotPaths`), under Typebot's /api/v2 and /api/v3.
 */
function isApiPath(requestPath: string, withTypebotPaths: boolean): boolean {
  const { pathname } = new URL(requestPath, "http://localhost");
  const prefixes = withTypebotPaths ? ["/api/v1", "/api/v2", "/api/v3"] : ["/api/v1"];
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** What is wrong with an answer, or null: a 5xx anywhere, and under /api/v1 an error outside the contract. */
function findViolation(request: FuzzRequest, isApi: boolean, answer: Answer): string | null {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.body.slice(0, 300)}`;
  if (!isApi || answer.status < 400) return null;
  const requestId = answer.headers["x-request-id"];
  if (typeof requestId !== "string" || !/^[\w-]{8,128}$/.test(requestId)) return "no x-request-id";
  if (request.method === "HEAD") return null;
  let body: { code?: ErrorCode; message?: unknown; issues?: unknown };
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `status ${answer.status} without a JSON body: ${answer.body.slice(0, 200)}`;
  }
  const keys = Object.keys(body).sort().join(",");
  if (keys !== "code,issues,message") return `error body keys ${keys}`;
  if (!body.code || errorMessages[body.code] !== body.message)
    return `code/message ${body.code}/${body.message}`;
  if (errorHttpStatuses[body.code] !== answer.status) return `status ${answer.status} for ${body.code}`;
  const isIssueWellFormed = (issue: Record<string, unknown>) =>
    typeof issue.message === "string" &&
    (issue.path === undefined || Array.isArray(issue.path)) &&
    (issue.code === undefined || typeof issue.code === "string");
  if (!Array.isArray(body.issues) || !body.issues.every(isIssueWellFormed)) return "malformed issues";
  return null;
}

/** Runs `work` over the items with at most `limit` at a time. */
async function runBounded<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

async function startChatServer(): Promise<{ process: ChildProcess; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "parley-fuzz-"));
  const child = spawn(process.execPath, [path.join(projectRoot, "dist", "server", "chatServer.mjs")], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: embeddedConnectionString(Number(process.env.E2E_POSTGRES_PORT)),
      DATA_DIR: dataDir,
      CHAT_SERVER_PORT: String(chatServerPort),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE: "6000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the chat server exited with ${child.exitCode}`);
        return (await fetch(`${chatServerUrl}/api/health`).catch(() => undefined))?.status;
      },
      { timeout: 60_000 },
    )
    .toBe(200);
  return { process: child, dataDir };
}

test.describe.configure({ timeout: 20 * 60_000 });

test(`fuzzes every endpoint with ${RUNS} requests on the builder, the viewer and the chat server`, async ({
  request,
}) => {
  const chatServer = await startChatServer();
  try {
    // The records the requests aim at: a team's and an outsider's.
    const author = await signUpNewUser(request, "Fuzz author");
    const bot = await createPublishedBot(request, author.workspaceId, embedBot);
    const chatKey = await readChatKey(request, bot.botId, bot.token);
    const headers = { Authorization: `Bearer ${bot.token}` };
    const folder = await (
      await request.post("/api/v1/folders", {
        headers,
        data: { workspaceId: author.workspaceId, folder: { name: "Fuzz" } },
      })
    ).json();
    const start = await (
      await request.post(`${viewerUrl}/api/v1/bots/${bot.publicId}/startChat`, {
        headers: { Authorization: `Bearer ${chatKey}` },
        data: {},
      })
    ).json();
    const outsiderContext = await (await import("@playwright/test")).request.newContext({
      baseURL: builderUrl,
    });
    const outsider = await signUpNewUser(outsiderContext, "Fuzz outsider");
    const foreign = await createPublishedBot(outsiderContext, outsider.workspaceId, embedBot);
    await outsiderContext.dispose();
    const ids: FuzzIds = {
      own: {
        workspaceId: [author.workspaceId],
        botId: [bot.botId],
        publicId: [bot.publicId],
        folderId: [folder.folder.id],
        sessionId: [start.sessionId],
        resultId: [start.resultId],
        userId: [author.id],
        blockId: ["in_name", "b_hello"],
        version: ["1"],
      },
      foreign: [outsider.workspaceId, foreign.botId, foreign.publicId],
      tokens: [bot.token, foreign.token, chatKey],
    };

    // Both documents: the management API's ({base_url}), and the chat runtime's ({chat_url}), every endpoint of
    // which is a chat endpoint (the contract's ones are in both: taken from the chat runtime's).
    const document = await (await request.get("/api/v1/openapi.json")).json();
    const chatDocument = await (await request.get(`${viewerUrl}/api/v1/openapi.json`)).json();
    expect(chatDocument.info?.title).toBe("Parley chat runtime API");
    // Chat endpoints first, then the share page (the viewer's page route), then the management API with what
    // revokes access (key rotation, deletions) last, so that earlier requests still reach deep into handlers.
    // The workspace's own route goes last of all: a request to it fuzzed into a DELETE deletes everything.
    const revokes = ({ method, route }: { method: string; route: string }) =>
      route === "/workspaces/{workspaceId}" ? 2 : Number(method === "DELETE" || route.endsWith("/rotate"));
    const apiOperations = [
      ...listOperations(document).filter((operation) => !operation.isChat),
      ...listOperations(chatDocument, { isChatDocument: true }),
    ].sort((a, b) => Number(!a.isChat) - Number(!b.isChat) || revokes(a) - revokes(b));
    const operations = [
      ...apiOperations.filter((operation) => operation.isChat),
      {
        method: "GET",
        route: "/{publicId}",
        pathParams: ["publicId"],
        queryParams: [],
        bodyKeys: [],
        isPage: true,
      },
      ...apiOperations.filter((operation) => !operation.isChat),
    ];
    const startedAt = Date.now();
    const violations: string[] = [];
    let sent = 0;
    for (const [index, operation] of operations.entries()) {
      const isPage = "isPage" in operation;
      // Chat endpoints answer on the viewer, the chat server and the builder; the rest on the builder (and
      // the viewer's /api/v1 answers them NOT_FOUND).
      // Typebot's /api/v2 and /api/v3 paths (named from the root) answer on the viewer and the chat server only.
      const isRootRoute = !isPage && operation.route.startsWith("/api/");
      const hosts = isPage
        ? [viewerUrl]
        : isRootRoute
          ? [viewerUrl, chatServerUrl]
          : operation.isChat
            ? [viewerUrl, chatServerUrl, builderUrl]
            : [builderUrl, builderUrl, builderUrl, viewerUrl];
      const samples = fc.sample(fc.tuple(requestArbitrary(operation, ids), fc.nat()), {
        numRuns: Math.ceil(RUNS * 1.2),
        seed: SEED + index,
      });
      let sentHere = 0;
      await runBounded(samples, CONCURRENCY, async ([generated, pick]) => {
        if (sentHere >= RUNS) return;
        const fuzzRequest = generated;
        const requestPath = isPage || isRootRoute ? fuzzRequest.path : `/api/v1${fuzzRequest.path}`;
        const host = hosts[pick % hosts.length] ?? builderUrl;
        const answer = await send(host, { ...fuzzRequest, path: requestPath }).catch((error: Error) => {
          violations.push(
            `${fuzzRequest.method} ${host}${requestPath.slice(0, 200)}: request failed (${error.message})`,
          );
          return undefined;
        });
        if (!answer) return;
        sentHere++;
        const violation = findViolation(
          fuzzRequest,
          !isPage && isApiPath(requestPath, host !== builderUrl),
          answer,
        );
        if (violation && violations.length < 25) {
          violations.push(
            `${fuzzRequest.method} ${host}${requestPath.slice(0, 200)} (${operation.method} ${operation.route}): ${violation}`,
          );
        }
      });
      expect(sentHere, `${operation.method} ${operation.route}`).toBeGreaterThanOrEqual(RUNS);
      sent += sentHere;
    }
    console.log(
      `fuzz: ${sent} requests over ${operations.length} operations in ${Math.round((Date.now() - startedAt) / 1000)} s (seed ${SEED}, FUZZ_SEED=${SEED} replays it)`,
    );
    expect(violations, `seed ${SEED}`).toEqual([]);
  } finally {
    if (chatServer.process.exitCode === null) {
      const exited = new Promise((resolve) => chatServer.process.once("exit", resolve));
      chatServer.process.kill("SIGTERM");
      await exited;
    }
    await rm(chatServer.dataDir, { recursive: true, force: true });
    agent.destroy();
  }
});

// The issue's own requests (items 1, 3 and 4), one by one, on the production builder and viewer (the chat
// server's are in packages/chat/src/core/http/requestErrors.test.ts): the contract's body, never Next's 500.
test("answers malformed escapes, NUL in a path and methods no route serves in the contract on both apps", async () => {
  const cases: { host: string; method: string; path: string; code: ErrorCode; issueCode?: string }[] = [
    {
      host: builderUrl,
      method: "GET",
      path: "/api/v1/bots/%E0%A4%A",
      code: "BAD_REQUEST",
      issueCode: "MALFORMED_PATH",
    },
    {
      host: viewerUrl,
      method: "GET",
      path: "/api/v1/bots/%E0%A4%A",
      code: "BAD_REQUEST",
      issueCode: "MALFORMED_PATH",
    },
    {
      host: viewerUrl,
      method: "POST",
      path: "/api/v1/sessions/%ZZ/continueChat",
      code: "BAD_REQUEST",
      issueCode: "MALFORMED_PATH",
    },
    {
      host: builderUrl,
      method: "POST",
      path: "/api/v1/sessions/a%00b/continueChat",
      code: "BAD_REQUEST",
      issueCode: "MALFORMED_PATH",
    },
    {
      host: viewerUrl,
      method: "POST",
      path: "/api/v1/bots/a%00b/startChat",
      code: "BAD_REQUEST",
      issueCode: "MALFORMED_PATH",
    },
    { host: viewerUrl, method: "GET", path: "/%E0%A4%A", code: "BAD_REQUEST", issueCode: "MALFORMED_PATH" },
    { host: builderUrl, method: "TRACE", path: "/api/v1/workspaces", code: "NOT_FOUND" },
    { host: viewerUrl, method: "TRACE", path: "/", code: "NOT_FOUND" },
    { host: builderUrl, method: "PROPFIND", path: "/api/v1/bots", code: "NOT_FOUND" },
    { host: viewerUrl, method: "PROPFIND", path: "/api/v1/sessions/x/continueChat", code: "NOT_FOUND" },
  ];
  try {
    for (const { host, method, path: requestPath, code, issueCode } of cases) {
      const label = `${method} ${host}${requestPath}`;
      const answer = await send(host, { method, path: requestPath, headers: {}, body: undefined });
      expect(answer, label).toBeDefined();
      if (!answer) continue;
      expect(answer.status, label).toBe(errorHttpStatuses[code]);
      expect(answer.headers["x-request-id"], label).toMatch(/^[\w-]{8,128}$/);
      const body = JSON.parse(answer.body);
      expect(body, label).toMatchObject({ code, message: errorMessages[code] });
      if (issueCode) expect(body.issues, label).toEqual([expect.objectContaining({ code: issueCode })]);
    }
  } finally {
    agent.destroy();
  }
});

// Issue 21, item 9, on the production builder: POST /bots with the fields that used to come back missing, and
// a body with fields no write takes. Each is stored (GET shows it) or refused by name, never dropped.
test("stores every field POST /bots takes and refuses the others by name", async ({ request }) => {
  const author = await signUpNewUser(request, "Fields author");
  const token = await createApiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const credentials = await (
    await request.post("/api/v1/credentials", {
      headers,
      data: {
        workspaceId: author.workspaceId,
        credentials: {
          type: "telegram",
          name: "Support bot",
          data: { botToken: "123456789:AAFabcdefghijklmnopqrstuvwxyz012345", secretToken: "tg_secret-1" },
        },
      },
    })
  ).json();
  const fields = {
    messagingCredentialsId: credentials.credentials.id,
    customDomain: `chat-${Date.now().toString(36)}.example.com`,
    isClosed: true,
    selectedThemeTemplateId: "builtin-midnight",
  };
  const created = await request.post("/api/v1/bots", {
    headers,
    data: { workspaceId: author.workspaceId, bot: { name: "Support", ...fields } },
  });
  expect(created.status()).toBe(200);
  const { bot } = await created.json();
  const read = await (await request.get(`/api/v1/bots/${bot.id}`, { headers })).json();
  expect(read.bot).toMatchObject(fields);

  const refused = await request.post("/api/v1/bots", {
    headers,
    data: { workspaceId: author.workspaceId, bot: { name: "Risky", colour: "red" }, folder: "x" },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    code: "BAD_REQUEST",
    message: errorMessages.BAD_REQUEST,
    issues: [
      {
        path: ["bot", "colour"],
        code: "UNKNOWN_FIELD",
        message: "Unknown field: this endpoint does not take it",
      },
      { path: ["folder"], code: "UNKNOWN_FIELD", message: "Unknown field: this endpoint does not take it" },
    ],
  });
});
