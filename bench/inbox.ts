// npm run bench -- inbox: the live inbox's delivery times and the cost of idle visitor streams.
// - Agent -> visitor: an agent's POST /conversations/{id}/messages to the builder's REST handler (on node:http in
//   this process, behind HAProxy as the builder backend) until the `message` event arrives on the visitor's
//   event stream, read through HAProxy from one of 2 production chat servers (`npm run build`'s bundle) on one
//   PostgreSQL: the event crosses processes through PostgreSQL (SessionEvent row + NOTIFY), never memory.
// - Visitor -> agent: the visitor's continueChat through HAProxy (a chat server stores the message), then the
//   agent's GET /conversations/{id} through HAProxy (the builder) that shows it. The builder's page polls the
//   open conversation every 2 s on top of this (docs/inbox.md).
// - Baseline, measured in the same rounds: a bare LISTEN/NOTIFY round trip between two connections of the same
//   PostgreSQL (what any cross-process push through PostgreSQL costs at least).
// - 1,000 open visitor streams on one chat server: its memory per stream (RSS), its CPU time and the SQL
//   statements it sends (its /metrics, parley_db_statements_total) over an idle window of heartbeats only,
//   beside the same window with no stream open.
// - SQL statements of a chat turn not in handoff (the 3 of every text turn) and of a visitor message during one.
// - The inbox list (GET /workspaces/{id}/conversations?status=waiting) with 10,000 conversations in the
//   workspace, beside a bare SQL read of the same page.
// Figures: bench/results/latest.json (`inbox.*`), with the load average of the run.
import { readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import { startEphemeralPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import pg from "pg";
import { bundleServers, serverBundleDir } from "../scripts/lib/bundleServers";
import { serveWebHandler } from "./api/serveWebHandler";
import { benchChatServerEnv } from "./chat/benchChatServerEnv";
import { type BenchFigure, countFigure, latencyFigure, percentile, recordFigures } from "./lib/results";

const SAMPLES = 120;
const ROUNDS = 3;
const STREAMS = 1_000;
const IDLE_WINDOW_MS = 35_000; // two heartbeats (every 15 s) of each stream
const LIST_CONVERSATIONS = 10_000;
const METRICS_TOKEN = "bench-metrics-token";
const BUILDER_HOST = "builder.localhost";
const TICK_MS = 1000 / 100; // Linux reports CPU time in clock ticks of 10 ms (USER_HZ).

/** The agent's connection to HAProxy, kept between requests as a browser keeps it. */
const keepAlive = new Agent({ keepAlive: true });

/** Requests tried again after HAProxy's 503 (see retryUnavailable). */
let unavailableRetries = 0;

const loadAtStart = loadavg();
await bundleServers();
const postgres = await startEphemeralPostgres();
try {
  await applyMigrations(postgres.connectionString);
  const serverEnv = benchChatServerEnv(postgres.connectionString, { METRICS_TOKEN });
  const { getPrisma, getPgPool } = await import("@parley/db");
  const { handleRestRequest } = await import("@parley/api/mounts");
  const { handleViewerApiRequest } = await import("@parley/chat/mounts/handleViewerApiRequest");
  const { seedPublishedBot } = await import("@parley/chat/testing/seedPublishedBot");
  const { createLoopFlow } = await import("@parley/chat/testing/createLoopFlow");
  const { startChatCluster } = await import("@parley/chat/testing/startChatCluster");
  const { countTurnStatements } = await import("./chat/countTurnStatements");
  const { createBenchAccount } = await import("./lib/benchAccount");

  const prisma = getPrisma();
  const { workspaceId, token } = await createBenchAccount(prisma);
  // No chats limit: the run starts over a thousand chats.
  await prisma.workspace.update({ where: { id: workspaceId }, data: { plan: "ENTERPRISE" } });
  const handoffBot = await seedPublishedBot(prisma, workspaceId, handoffFlow());
  const loopBot = await seedPublishedBot(prisma, workspaceId, createLoopFlow(5));

  // SQL statements per turn, in process on the shared pool.
  const plainTurn = await countTurnStatements(handleViewerApiRequest, loopBot);
  const handoffTurn = await countTurnStatements(handleViewerApiRequest, handoffBot);
  console.log(
    `SQL statements per text turn: ${plainTurn.statements} (not in handoff), ${handoffTurn.statements} (a visitor message during a handoff)`,
  );

  // The builder: its REST handler on node:http, health-checked by HAProxy like the app.
  const builder = await serveWebHandler((request) =>
    new URL(request.url).pathname === "/api/health/ready"
      ? Promise.resolve(Response.json({ status: "ok" }))
      : handleRestRequest(request),
  );
  const builderPort = new URL(builder.baseUrl).port;
  const cluster = await startChatCluster({
    databaseUrl: postgres.connectionString,
    size: 2,
    // One at a time: two cold starts at once on a loaded machine can pass the cluster's 60 s health wait.
    running: 1,
    startTimeoutMs: 240_000,
    serverArgs: [path.join(serverBundleDir, "chatServer.mjs")],
    env: serverEnv,
    dnsNames: { "builder.parley.test": ["127.0.0.1"] },
    haproxyEnv: { BUILDER_SERVERS: `builder.parley.test:${builderPort}`, BUILDER_HOST },
  });
  const figures: BenchFigure[] = [
    countFigure("inbox.statementsPerTurn.notInHandoff", plainTurn.statements, "statements"),
    countFigure("inbox.statementsPerTurn.visitorMessageInHandoff", handoffTurn.statements, "statements"),
  ];
  const listener = new pg.Client({ connectionString: postgres.connectionString });
  const notifier = new pg.Client({ connectionString: postgres.connectionString });
  try {
    await cluster.start(1);
    await cluster.waitForUp(2);
    await cluster.haproxy.waitForUpServers("builder", 1);
    const proxy = cluster.haproxy.url;
    const agentHeaders = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    /** A request to the builder through HAProxy (its Host names the builder). */
    const toBuilder = (method: string, route: string, body?: unknown) =>
      retryUnavailable(() => sendThrough(proxy, BUILDER_HOST, method, `/api/v1${route}`, agentHeaders, body));

    await listener.connect();
    await notifier.connect();
    await listener.query("LISTEN bench_round_trip");
    const notifyRoundTrip = async () => {
      const received = new Promise<void>((resolve) => listener.once("notification", () => resolve()));
      const startedAt = performance.now();
      await notifier.query("NOTIFY bench_round_trip, 'x'");
      await received;
      return performance.now() - startedAt;
    };

    // Visitors waiting in the inbox, each with its event stream open through HAProxy.
    const visitors = await Promise.all(
      Array.from({ length: 4 }, () => startWaitingVisitor(proxy, handoffBot)),
    );
    const samples = {
      agentToVisitor: [] as number[],
      visitorToAgent: [] as number[],
      notify: [] as number[],
    };
    for (let round = 0; round < ROUNDS + 1; round++) {
      const isWarmUp = round === 0;
      for (let index = 0; index < SAMPLES / ROUNDS; index++) {
        const visitor = visitors[index % visitors.length] as Visitor;
        // Agent -> visitor.
        const arrived = visitor.stream.nextMessage();
        const startedAt = performance.now();
        const posted = toBuilder("POST", `/conversations/${visitor.conversationId}/messages`, {
          message: { text: `Agent reply ${round}.${index}` },
        });
        await arrived;
        const agentToVisitor = performance.now() - startedAt;
        const postedStatus = (await posted).status;
        if (postedStatus !== 200) throw new Error(`agent reply: HTTP ${postedStatus}`);
        // Visitor -> agent: stored by a chat server, then read by the builder.
        const text = `Visitor answer ${round}.${index}`;
        const visitorStartedAt = performance.now();
        const sent = await retryUnavailable(() =>
          fetch(`${proxy}/api/v1/sessions/${visitor.sessionId}/continueChat`, {
            method: "POST",
            headers: { authorization: `Bearer ${handoffBot.chatKey}`, "content-type": "application/json" },
            body: JSON.stringify({ message: text }),
          }),
        );
        if (sent.status !== 200) throw new Error(`visitor message: HTTP ${sent.status}`);
        await sent.arrayBuffer();
        const read = await toBuilder("GET", `/conversations/${visitor.conversationId}`);
        const visitorToAgent = performance.now() - visitorStartedAt;
        if (!read.body.includes(text))
          throw new Error("the agent's read does not show the visitor's message");
        const notify = await notifyRoundTrip();
        if (isWarmUp) continue;
        samples.agentToVisitor.push(agentToVisitor);
        samples.visitorToAgent.push(visitorToAgent);
        samples.notify.push(notify);
      }
    }
    for (const visitor of visitors) visitor.stream.close();
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const notify = sorted(samples.notify);
    for (const [name, values] of [
      ["agentToVisitor", sorted(samples.agentToVisitor)],
      ["visitorToAgent", sorted(samples.visitorToAgent)],
    ] as const) {
      figures.push(latencyFigure(`inbox.${name}.p50`, percentile(values, 50), percentile(notify, 50)));
      figures.push(latencyFigure(`inbox.${name}.p95`, percentile(values, 95), percentile(notify, 95)));
    }

    // The inbox list with LIST_CONVERSATIONS conversations, beside the bare SQL of its page.
    await getPgPool().query(
      `INSERT INTO "Conversation" (id, "workspaceId", "botId", "sessionId", "blockId", channel, status, "createdAt")
       SELECT 'bench' || n, $1, $2, 'bench-session-' || n, 'b-handoff', 'web',
         CASE WHEN n % 3 = 0 THEN 'waiting' WHEN n % 3 = 1 THEN 'open' ELSE 'closed' END,
         now() - n * interval '1 second'
       FROM generate_series(1, $3::int) AS n`,
      [workspaceId, handoffBot.botId, LIST_CONVERSATIONS],
    );
    await getPgPool().query(`ANALYZE "Conversation"`);
    const bare = new pg.Client({ connectionString: postgres.connectionString });
    await bare.connect();
    const list = { ours: [] as number[], bare: [] as number[] };
    for (let index = 0; index < 20 + SAMPLES; index++) {
      let startedAt = performance.now();
      const page = await sendThrough(
        builder.baseUrl,
        "127.0.0.1",
        "GET",
        `/api/v1/workspaces/${workspaceId}/conversations?status=waiting`,
        agentHeaders,
      );
      const ours = performance.now() - startedAt;
      if (page.status !== 200) throw new Error(`inbox list: HTTP ${page.status} ${page.body.slice(0, 200)}`);
      startedAt = performance.now();
      await bare.query(
        `SELECT * FROM "Conversation" WHERE "workspaceId" = $1 AND status = 'waiting'
         ORDER BY "createdAt" DESC, id DESC LIMIT 51`,
        [workspaceId],
      );
      const bareMs = performance.now() - startedAt;
      if (index < 20) continue;
      list.ours.push(ours);
      list.bare.push(bareMs);
    }
    await bare.end();
    figures.push(
      latencyFigure(
        `inbox.list${LIST_CONVERSATIONS}.p50`,
        percentile(sorted(list.ours), 50),
        percentile(sorted(list.bare), 50),
      ),
    );

    // 1,000 visitor streams on one chat server, idle but for heartbeats.
    const server = cluster.servers[0];
    if (!server?.child.pid) throw new Error("chat server 1 is not running");
    const serverPid = server.child.pid;
    const sessionIds = await startHandoffSessions(server.baseUrl, handoffBot, STREAMS);
    const idle = async () => {
      const before = { ticks: readProcessTicks(serverPid), statements: await readStatements(server.baseUrl) };
      await new Promise((resolve) => setTimeout(resolve, IDLE_WINDOW_MS));
      return {
        cpuMs: (readProcessTicks(serverPid) - before.ticks) * TICK_MS,
        statements: (await readStatements(server.baseUrl)) - before.statements,
      };
    };
    console.log(`idle window without streams (${IDLE_WINDOW_MS / 1000} s)…`);
    const withoutStreams = await idle();
    const rssBefore = readRssBytes(serverPid);
    const streams: VisitorStream[] = [];
    for (let index = 0; index < sessionIds.length; index += 50) {
      streams.push(
        ...(await Promise.all(
          sessionIds
            .slice(index, index + 50)
            .map((sessionId) => openStream(server.baseUrl, sessionId, handoffBot.chatKey)),
        )),
      );
    }
    const rssAfter = readRssBytes(serverPid);
    console.log(`${streams.length} streams open; idle window (${IDLE_WINDOW_MS / 1000} s)…`);
    const withStreams = await idle();
    const heartbeats = streams.reduce((sum, stream) => sum + stream.heartbeats(), 0);
    for (const stream of streams) stream.close();
    console.log(
      `idle ${IDLE_WINDOW_MS / 1000} s: CPU ${withoutStreams.cpuMs} ms and ${withoutStreams.statements} statements with no stream; ` +
        `CPU ${withStreams.cpuMs} ms and ${withStreams.statements} statements with ${STREAMS} streams (${heartbeats} heartbeats received)`,
    );
    figures.push(
      latencyFigure(
        "inbox.streams1000.memoryPerStream",
        (rssAfter - rssBefore) / STREAMS / 1024,
        null,
        "KiB",
      ),
      latencyFigure(
        "inbox.streams1000.idleCpuPerMinute",
        (withStreams.cpuMs * 60_000) / IDLE_WINDOW_MS,
        (withoutStreams.cpuMs * 60_000) / IDLE_WINDOW_MS,
        "ms CPU/min",
      ),
      countFigure(
        "inbox.streams1000.extraStatementsPerHeartbeat",
        Math.max(0, withStreams.statements - withoutStreams.statements) / Math.max(1, heartbeats),
        "statements",
      ),
    );
  } finally {
    await listener.end().catch(() => {});
    await notifier.end().catch(() => {});
    await cluster.close();
    await builder.close();
  }
  const loadAtEnd = loadavg();
  console.log(
    `requests tried again after HAProxy's 503 (no server UP at that moment): ${unavailableRetries}`,
  );
  recordFigures(
    [
      ...figures,
      countFigure("inbox.loadAverage1m.start", loadAtStart[0] ?? 0, "load"),
      countFigure("inbox.loadAverage1m.end", loadAtEnd[0] ?? 0, "load"),
    ],
    { replacing: "inbox." },
  );
  console.log(
    `load average (1, 5, 15 min): at start ${loadAtStart.map((value) => value.toFixed(2)).join(", ")}; at end ${loadAtEnd.map((value) => value.toFixed(2)).join(", ")}`,
  );

  interface Visitor {
    sessionId: string;
    conversationId: string;
    stream: VisitorStream;
  }

  async function startWaitingVisitor(baseUrl: string, bot: { publicId: string; chatKey: string }) {
    const [sessionId] = await startHandoffSessions(baseUrl, bot, 1);
    const conversation = await prisma.conversation.findFirstOrThrow({ where: { sessionId } });
    return {
      sessionId: sessionId as string,
      conversationId: conversation.id,
      stream: await openStream(baseUrl, sessionId as string, bot.chatKey),
    };
  }

  /** `count` chats started on `baseUrl` that reach the handoff at once (5 at a time). */
  async function startHandoffSessions(
    baseUrl: string,
    bot: { publicId: string; chatKey: string },
    count: number,
  ) {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 5) {
      ids.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(5, count - index) }, async () => {
            // Setup, not measured: a start that timed out connecting to PostgreSQL on a loaded machine (500) is
            // started again, like one HAProxy found no server for (503).
            const response = await retryUnavailable(
              () =>
                fetch(`${baseUrl}/api/v1/bots/${bot.publicId}/startChat`, {
                  method: "POST",
                  headers: { authorization: `Bearer ${bot.chatKey}`, "content-type": "application/json" },
                  body: "{}",
                }),
              [500, 503],
            );
            const body = (await response.json()) as { sessionId: string };
            if (response.status !== 200)
              throw new Error(
                `startChat: HTTP ${response.status} ${JSON.stringify(body)}\n${cluster.servers.map((server) => server?.output().slice(-3000)).join("\n---\n")}`,
              );
            return body.sessionId;
          }),
        )),
      );
    }
    return ids;
  }

  function handoffFlow() {
    return {
      events: [
        { id: "ev-start", outgoingEdgeId: "e-start", graphCoordinates: { x: 0, y: 0 }, type: "start" },
      ],
      groups: [
        {
          id: "g-1",
          title: "Group #1",
          graphCoordinates: { x: 0, y: 0 },
          blocks: [
            {
              id: "b-handoff",
              type: "Human handoff",
              items: [{ id: "i-fallback", path: "fallback" }],
              options: { isQueuePositionShown: false },
            },
          ],
        },
      ],
      edges: [{ id: "e-start", from: { eventId: "ev-start" }, to: { groupId: "g-1" } }],
      variables: [],
      theme: {},
      settings: {},
    };
  }
} finally {
  await postgres.stop();
}

/** HAProxy answers 503 while its health checks (3 s) time out on a loaded machine: tried again, as clients do. */
async function retryUnavailable<T extends { status: number }>(
  send: () => Promise<T>,
  statuses: readonly number[] = [503],
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const response = await send();
    if (!statuses.includes(response.status) || attempt >= 40) return response;
    unavailableRetries++;
    if ("body" in response && response.body instanceof ReadableStream) await response.body.cancel();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface VisitorStream {
  /** Resolves when the next `message` event arrives. */
  nextMessage(): Promise<void>;
  heartbeats(): number;
  close(): void;
}

/** The session's event stream, read with fetch as the widget reads it; resolves once its headers came. */
async function openStream(baseUrl: string, sessionId: string, chatKey: string): Promise<VisitorStream> {
  const controller = new AbortController();
  const response = await retryUnavailable(() =>
    fetch(`${baseUrl}/api/v1/sessions/${sessionId}/events`, {
      headers: { authorization: `Bearer ${chatKey}`, accept: "text/event-stream" },
      signal: controller.signal,
    }),
  );
  if (response.status !== 200 || !response.body) throw new Error(`event stream: HTTP ${response.status}`);
  let waiting: (() => void)[] = [];
  let heartbeats = 0;
  let buffer = "";
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (event.startsWith(": heartbeat")) heartbeats++;
          else if (/^event: message$/m.test(event)) {
            const resolvers = waiting;
            waiting = [];
            for (const resolve of resolvers) resolve();
          }
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    nextMessage: () => new Promise<void>((resolve) => waiting.push(resolve)),
    heartbeats: () => heartbeats,
    close: () => controller.abort(),
  };
}

/** One HTTP request with a given Host header (fetch cannot set it), its status and body. */
function sendThrough(
  baseUrl: string,
  host: string,
  method: string,
  route: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  const url = new URL(route, baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method,
        headers: {
          ...headers,
          host,
          ...(payload ? { "content-length": Buffer.byteLength(payload) } : {}),
        },
        agent: keepAlive,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** The statements a chat server has sent through its pools (its /metrics). */
async function readStatements(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const match = /^parley_db_statements_total(?:\{[^}]*\})? (\d+(?:\.\d+)?)/m.exec(text);
  if (!match) throw new Error(`no parley_db_statements_total in /metrics (HTTP ${response.status})`);
  return Number(match[1]);
}

function readRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

function readProcessTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}
