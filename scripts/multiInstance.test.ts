import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createChatClient } from "@parley/chat/testing/chatClient";
import { createPublishedTestBot } from "@parley/chat/testing/chatFixtures";
import { createLoopFlow } from "@parley/chat/testing/createLoopFlow";
import {
  type ChatServerProcess,
  killChatProcesses,
  spawnChatProcess,
} from "@parley/chat/testing/spawnChatServer";
import { type ChatCluster, startChatCluster } from "@parley/chat/testing/startChatCluster";
import { createFileFlow } from "@parley/chat/testing/testFlows";
import { dbEnv, getPrisma } from "@parley/db";
import { findFreePort } from "@parley/db/embedded";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleServers, serverBundleDir } from "./lib/bundleServers";
import { composeDataDir } from "./lib/composeFile";

// Three production chat servers (`npm run build`'s bundle, as `npm run start:prod` runs it) behind
// Debian's HAProxy with deploy/haproxy.cfg (as compose.yaml runs it) on one PostgreSQL: 300
// sessions of 10 turns, 32 at a time, while one chat server is SIGKILLed and started again, twice.
// Bounded: a turn gives up after MAX_ATTEMPTS tries, the run after RUN_LIMIT_MS; loopback only.
// Every process gets the DATA_DIR its container gets in compose.yaml (no S3 bucket): the folder of
// the volume it mounts there, else a folder of its own, as a container's own disk is.
const SESSIONS = 300;
const TURNS = 10;
const CONCURRENCY = 32;
const MAX_ATTEMPTS = 200;
const RUN_LIMIT_MS = 180_000;
/** Turns a session may take in a 10 s window at the default 120 a minute. */
const TURN_WINDOW_POINTS = 20;
/** Chats a browser's address may start in a 10 s window at the default 60 a minute. */
const START_WINDOW_POINTS = 10;

/** Uploads through HAProxy, UPLOAD_CONCURRENCY at a time. */
const UPLOADS = 12;
const UPLOAD_CONCURRENCY = 4;
const VIEWER_HOST = "127.0.0.9";

let cluster: ChatCluster | undefined;
let viewer: ChatServerProcess | undefined;
let storageRoot = "";

// The viewer's /api/v1 routes (apps/viewer/src/app/api/v1/[...path]/route.ts) are the chat
// endpoints' handler itself, handleViewerApiRequest: the viewer backend here is that handler's
// production bundle, so HAProxy sends a visitor's GET of a file to the process compose's viewer
// service would answer it with, reading the viewer's DATA_DIR.
beforeAll(async () => {
  await bundleServers();
  storageRoot = await mkdtemp(path.join(tmpdir(), "parley-compose-storage-"));
  const [proxyPort, viewerPort] = [await findFreePort(), await findFreePort()];
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const bundle = path.join(serverBundleDir, "chatServer.mjs");
  viewer = await spawnChatProcess({
    args: [bundle],
    cwd: process.cwd(),
    env: {
      NODE_ENV: "production",
      DATABASE_URL: dbEnv.DATABASE_URL ?? "",
      CHAT_SERVER_PORT: String(viewerPort),
      HOST: VIEWER_HOST,
      DATA_DIR: composeDataDir(storageRoot, "viewer", 0),
      VIEWER_URL: proxyUrl,
    },
    port: viewerPort,
    host: VIEWER_HOST,
  });
  cluster = await startChatCluster({
    databaseUrl: dbEnv.DATABASE_URL ?? "",
    size: 3,
    serverArgs: [bundle],
    // The limits' defaults, shared by the three servers through PostgreSQL. HAProxy, on loopback,
    // is a trusted proxy (TRUSTED_PROXIES' default): the servers read the client's address from
    // the X-Forwarded-For it appends.
    env: {
      CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE: "60",
      CHAT_RATE_LIMIT_START_PER_KEY_PER_MINUTE: "6000",
      CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE: "120",
      // The public URL, as in compose: local upload URLs and file URLs point at the proxy.
      VIEWER_URL: proxyUrl,
    },
    slotEnv: (index) => ({ DATA_DIR: composeDataDir(storageRoot, "chat-server", index) }),
    dnsNames: { "viewer.parley.test": [VIEWER_HOST] },
    haproxyEnv: {
      HTTP_BIND: `127.0.0.1:${proxyPort}`,
      VIEWER_SERVERS: `viewer.parley.test:${viewerPort}`,
    },
  });
  await cluster.haproxy.waitForUpServers("viewer", 1);
}, 120_000);
afterAll(async () => {
  await cluster?.close();
  if (viewer) await killChatProcesses([viewer]);
  if (storageRoot) await rm(storageRoot, { recursive: true, force: true });
});

/** Runs `task` for every index, `concurrency` at a time. */
async function runPool(count: number, concurrency: number, task: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("chat servers behind HAProxy", () => {
  it("lose and double no answer while chat servers are killed and restarted", async () => {
    if (!cluster) throw new Error("the cluster did not start");
    const running = cluster;
    const bot = await createPublishedTestBot(createLoopFlow(5));
    await getPrisma().workspace.update({ where: { id: bot.workspaceId }, data: { plan: "ENTERPRISE" } });

    // An API consumer's backend: every chat is started with its API token, from one address. It is
    // limited per token (6,000 a minute), never per address (60): none of the 300 is refused.
    const api = createChatClient(running.haproxy.url, bot.owner.token);
    const sessions: { sessionId: string; resultId: string }[] = [];
    await runPool(SESSIONS, CONCURRENCY, async (index) => {
      for (let attempt = 1; ; attempt++) {
        const start = await api.startChat(bot.publicId).catch(() => null);
        // The proxy's own 502/503 (a server slower than its health check) is tried again; nothing else.
        if (start && start.status < 500) {
          expect(start.status, JSON.stringify(start.body)).toBe(200);
          sessions[index] = { sessionId: start.body.sessionId, resultId: start.body.resultId };
          return;
        }
        if (attempt >= MAX_ATTEMPTS) throw new Error(`startChat ${index}: ${start?.status}`);
        await pause(100);
      }
    });

    const total = SESSIONS * TURNS;
    const deadline = Date.now() + RUN_LIMIT_MS;
    let acknowledged = 0;
    let failures = 0;
    const kills: number[] = [];
    // One chat server is killed at a third and at two thirds of the turns, a different one each
    // time, and started again at once on its address, where HAProxy's health checks find it back.
    const killer = (async () => {
      for (const [slot, share] of [
        [0, 1 / 3],
        [1, 2 / 3],
      ] as const) {
        while (acknowledged < total * share && Date.now() < deadline) await pause(5);
        await running.kill(slot);
        kills.push(acknowledged);
        await running.start(slot);
      }
    })();
    const client = createChatClient(running.haproxy.url, bot.chatKey);
    const runSession = async (index: number) => {
      const { sessionId } = sessions[index] as { sessionId: string };
      for (let turn = 0; turn < TURNS; turn++) {
        // The last tenth of the turns waits for both restarts: the kills happen during the run
        // however fast the machine is.
        if (acknowledged >= total * 0.9) await killer;
        for (let attempt = 1; ; attempt++) {
          if (attempt > MAX_ATTEMPTS || Date.now() > deadline) {
            throw new Error(`session ${index} turn ${turn}: no answer after ${attempt - 1} attempts`);
          }
          // A failed request is sent again with the same Idempotency-Key: a turn that committed
          // before its server died is answered from its record, not run twice.
          const reply = await client
            .continueChat(sessionId, `s${index}-t${turn}`, { "idempotency-key": `${sessionId}-${turn}` })
            .catch(() => null);
          if (reply?.status === 200) break;
          failures++;
          await pause(50 + Math.random() * 50);
        }
        acknowledged++;
      }
    };
    await Promise.all([runPool(SESSIONS, CONCURRENCY, runSession), killer]);

    expect(kills).toHaveLength(2);
    for (const at of kills) expect(at).toBeLessThan(total);
    expect(failures).toBeGreaterThan(0);
    // Every server took its share of the turns through the proxy.
    const servers = await running.haproxy.servers("chat_servers");
    expect(servers.filter((server) => server.requests > 0)).toHaveLength(3);

    const answers = await getPrisma().answer.findMany({
      where: { result: { botId: bot.botId } },
      select: { resultId: true, index: true, content: true },
      orderBy: [{ resultId: "asc" }, { index: "asc" }],
    });
    expect(answers).toHaveLength(total);
    const byResult = new Map<string, [number, string][]>();
    for (const answer of answers) {
      byResult.set(answer.resultId, [
        ...(byResult.get(answer.resultId) ?? []),
        [answer.index, answer.content],
      ]);
    }
    sessions.forEach(({ resultId }, index) => {
      expect(byResult.get(resultId)).toEqual(
        Array.from({ length: TURNS }, (_, turn) => [turn, `s${index}-t${turn}`]),
      );
    });
  }, 300_000);

  it("hold a session's turn limit across the chat servers, not once per server", async () => {
    const running = cluster;
    if (!running) throw new Error("the cluster of the first test is not running");
    await running.waitForUp(3);
    const bot = await createPublishedTestBot(createLoopFlow(5));
    const client = createChatClient(running.haproxy.url, bot.chatKey);
    const start = await createChatClient(running.haproxy.url, bot.owner.token).startChat(bot.publicId);
    expect(start.status).toBe(200);
    const before = await running.haproxy.servers("chat_servers");
    // CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE's default, 120, is a window of 10 s holding 20
    // turns. 3 × 20 turns sent at once: each server alone would take 20 of them.
    const startedAt = Date.now();
    const statuses: { status: number; code?: string }[] = [];
    await runPool(3 * TURN_WINDOW_POINTS, 12, async (index) => {
      const reply = await client.continueChat(start.body.sessionId, `burst ${index}`);
      statuses.push({ status: reply.status, code: reply.body?.issues?.[0]?.code });
    });
    const elapsed = Date.now() - startedAt;
    const after = await running.haproxy.servers("chat_servers");
    const served = after.filter(
      (server) => server.requests > (before.find((old) => old.name === server.name)?.requests ?? 0),
    );
    expect(served.length).toBeGreaterThan(1);
    // All within one window (it opens at the session's first turn), so exactly its 20 got through.
    expect(elapsed).toBeLessThan(10_000);
    const refused = statuses.filter((reply) => reply.status === 403 && reply.code === "RATE_LIMITED");
    expect(statuses.length - refused.length).toBe(TURN_WINDOW_POINTS);
  }, 60_000);

  it("hold a browser's per-address startChat limit across the chat servers, keyed on the address HAProxy forwards", async () => {
    const running = cluster;
    if (!running) throw new Error("the cluster of the first test is not running");
    const bot = await createPublishedTestBot(createLoopFlow(5));
    const browser = createChatClient(running.haproxy.url, bot.chatKey);
    // 60 a minute is a window of 10 s holding 10 starts per address; 3 × 10 at once, over 3 servers.
    const startedAt = Date.now();
    const statuses: { status: number; code?: string }[] = [];
    await runPool(3 * START_WINDOW_POINTS, 12, async () => {
      const reply = await browser.startChat(bot.publicId);
      statuses.push({ status: reply.status, code: reply.body?.issues?.[0]?.code });
    });
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(statuses.filter((reply) => reply.status === 200)).toHaveLength(START_WINDOW_POINTS);
    expect(statuses.filter((reply) => reply.status === 403 && reply.code === "RATE_LIMITED")).toHaveLength(
      2 * START_WINDOW_POINTS,
    );
  }, 60_000);

  it("store a visitor's upload on whichever chat server takes it, and serve it back from the viewer", async () => {
    const running = cluster;
    if (!running) throw new Error("the cluster did not start");
    await running.waitForUp(3);
    const bot = await createPublishedTestBot(createFileFlow({ visibility: "Public" }));
    // Started with the owner's API token (limited per token): the previous test spent this
    // address's startChat window.
    const api = createChatClient(running.haproxy.url, bot.owner.token);
    const visitor = createChatClient(running.haproxy.url, bot.chatKey);
    const before = await running.haproxy.servers("chat_servers");
    const read: { status: number; type: string | null; body: string }[] = [];
    await runPool(UPLOADS, UPLOAD_CONCURRENCY, async (index) => {
      const start = await api.startChat(bot.publicId);
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      const sessionId = start.body.sessionId as string;
      const bytes = `png bytes of upload ${index}`;
      const granted = await visitor.post(`/sessions/${sessionId}/uploads`, {
        fileName: `scan-${index}.png`,
        fileType: "image/png",
        fileSize: bytes.length,
      });
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
      const { uploadUrl, headers, fileUrl } = granted.body as {
        uploadUrl: string;
        headers: Record<string, string>;
        fileUrl: string;
      };
      // Both through the proxy: the PUT to a chat server, the file's URL to the viewer.
      expect(uploadUrl.startsWith(`${running.haproxy.url}/api/v1/sessions/${sessionId}/uploads/`)).toBe(true);
      expect(fileUrl.startsWith(`${running.haproxy.url}/api/v1/files/public/`)).toBe(true);
      const put = await fetch(uploadUrl, { method: "PUT", headers, body: bytes });
      expect(put.status, await put.clone().text()).toBe(200);
      const file = await fetch(fileUrl);
      read[index] = { status: file.status, type: file.headers.get("content-type"), body: await file.text() };
      const answered = await visitor.continueChat(sessionId, fileUrl);
      expect(answered.status).toBe(200);
      expect(JSON.stringify(answered.body)).toContain(`Got ${fileUrl}`);
    });
    expect(read).toEqual(
      Array.from({ length: UPLOADS }, (_, index) => ({
        status: 200,
        type: "image/png",
        body: `png bytes of upload ${index}`,
      })),
    );
    const after = await running.haproxy.servers("chat_servers");
    const served = after.filter(
      (server) => server.requests > (before.find((old) => old.name === server.name)?.requests ?? 0),
    );
    expect(served.length).toBeGreaterThan(1);
    const viewerRequests = (await running.haproxy.servers("viewer")).reduce(
      (sum, server) => sum + server.requests,
      0,
    );
    expect(viewerRequests).toBeGreaterThanOrEqual(UPLOADS);
  }, 60_000);
});
