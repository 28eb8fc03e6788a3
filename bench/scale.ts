// npm run bench -- scale: continueChat through HAProxy (deploy/haproxy.cfg, as compose.yaml runs
// it) in front of 1, 2 and 3 production chat servers (`npm run build`'s bundle) on one PostgreSQL,
// each figure beside B-tx (bench/chat/txBaselineServer.ts: a bare node:http + pg handler doing the
// turn's read and write, one process, no proxy) measured in the same rounds with the same load
// generator. Also the CPU time each process spends per request, and SQL statements per text turn
// with the rate limits off and on. Figures: bench/results/latest.json, `scale.*`.
// On a machine with fewer cores than processes, more chat servers cannot add throughput: they, the
// proxy, PostgreSQL and the load generator share the same cores. The figures say so as they are.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { startEphemeralPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import { bundleServers, serverBundleDir } from "../scripts/lib/bundleServers";
import { benchChatServerEnv, startBenchSessions } from "./chat/benchChatServerEnv";
import {
  commands,
  type LoadResult,
  runLoad,
  startServer,
  stopServer,
  waitUntilListening,
} from "./chat/benchProcesses";
import {
  type BenchFigure,
  countFigure,
  latencyFigure,
  percentile,
  recordFigures,
  throughputFigure,
} from "./lib/results";

const CLIENTS = 32;
const ROUNDS = 3;
const DURATION_MS = 5_000;
const WARMUP_MS = 1_000;
const TX_PORT = 3921;
const WAL_TURNS = 2_000;
const TICK_MS = 1000 / 100; // Linux reports CPU time in clock ticks of 10 ms (USER_HZ).

await bundleServers();
const postgres = await startEphemeralPostgres();
try {
  await applyMigrations(postgres.connectionString);
  const serverEnv = benchChatServerEnv(postgres.connectionString);
  const { getPrisma, getPgPool } = await import("@parley/db");
  const { handleUnknownApiPath } = await import("@parley/platform/http/handleUnknownApiPath");
  const { createChatRuntime } = await import("@parley/chat/createChatRuntime");
  const { createChatRouter } = await import("@parley/chat/createChatRouter");
  const { seedPublishedBot, seedWorkspace } = await import("@parley/chat/testing/seedPublishedBot");
  const { createLoopFlow } = await import("@parley/chat/testing/createLoopFlow");
  const { startChatCluster } = await import("@parley/chat/testing/startChatCluster");
  const { countTurnStatements, postRequest } = await import("./chat/countTurnStatements");

  const workspaceId = await seedWorkspace(getPrisma());
  const bot = await seedPublishedBot(getPrisma(), workspaceId, createLoopFlow(5));
  // The same turn counted on a runtime without rate limits and on one with the default limits.
  const withoutLimits = createChatRouter(
    createChatRuntime({ rateLimitsPerMinute: { startPerIp: 0, startPerKey: 0, turnsPerSession: 0 } }),
    "viewer",
    handleUnknownApiPath,
  );
  const withLimits = createChatRouter(
    createChatRuntime({ rateLimitsPerMinute: { startPerIp: 60, startPerKey: 6_000, turnsPerSession: 120 } }),
    "viewer",
    handleUnknownApiPath,
  );
  const unlimited = await countTurnStatements(withoutLimits, bot);
  const limited = await countTurnStatements(withLimits, bot);
  console.log(
    `SQL statements per text turn: ${unlimited.statements} without rate limits, ${limited.statements} with them`,
  );
  // Without the limits: this sends far more turns per session than they allow (their counters live in an
  // UNLOGGED table, which writes no WAL).
  const wal = await measureWalPerTurn(withoutLimits);
  console.log(
    `WAL per text turn: ${wal.bytes.toFixed(0)} bytes, ${wal.records.toFixed(1)} records, ${wal.fullPageImages.toFixed(2)} full-page images (${WAL_TURNS} turns)`,
  );
  const payloadFile = path.join(mkdtempSync(path.join(tmpdir(), "parley-bench-")), "payload.json");
  writeFileSync(payloadFile, JSON.stringify(unlimited.payload));

  const figures: BenchFigure[] = [
    countFigure("scale.statementsPerTurn.noLimits", unlimited.statements, "statements"),
    countFigure("scale.statementsPerTurn.limits", limited.statements, "statements"),
    countFigure("scale.walBytesPerTurn", wal.bytes, "bytes"),
  ];

  /**
   * WAL written per text turn (pg_current_wal_lsn and pg_stat_wal before and after WAL_TURNS turns
   * of 32 sessions, after as many unmeasured ones; no checkpoint forced, so full-page images come
   * as often as they would).
   */
  async function measureWalPerTurn(chat: (request: Request) => Promise<Response>) {
    const post = (route: string, body: unknown) => chat(postRequest(route, bot.chatKey, body));
    const sessionIds = await Promise.all(
      Array.from({ length: 32 }, async () => {
        const response = await post(`/bots/${bot.publicId}/startChat`, {});
        return String(((await response.json()) as { sessionId: string }).sessionId);
      }),
    );
    const runTurns = (turns: number) =>
      Promise.all(
        sessionIds.map(async (sessionId, index) => {
          for (let turn = index; turn < turns; turn += sessionIds.length) {
            const response = await post(`/sessions/${sessionId}/continueChat`, { message: `answer ${turn}` });
            if (response.status !== 200) throw new Error(`turn: HTTP ${response.status}`);
          }
        }),
      );
    await runTurns(WAL_TURNS);
    const read = async () =>
      (
        await getPgPool().query<{ lsn: string; records: string; fpi: string }>(
          "SELECT pg_current_wal_lsn()::text AS lsn, wal_records::text AS records, wal_fpi::text AS fpi FROM pg_stat_wal",
        )
      ).rows[0] ?? { lsn: "0/0", records: "0", fpi: "0" };
    const before = await read();
    await runTurns(WAL_TURNS);
    const after = await read();
    const { rows } = await getPgPool().query<{ bytes: string }>(
      "SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text AS bytes",
      [after.lsn, before.lsn],
    );
    return {
      bytes: Number(rows[0]?.bytes) / WAL_TURNS,
      records: (Number(after.records) - Number(before.records)) / WAL_TURNS,
      fullPageImages: (Number(after.fpi) - Number(before.fpi)) / WAL_TURNS,
    };
  }
  const txBaseline = startServer(
    "B-tx",
    commands.tsx(path.join(import.meta.dirname, "chat", "txBaselineServer.ts"), String(TX_PORT)),
    TX_PORT,
    { ...serverEnv, BENCH_BASELINE_PAYLOAD: payloadFile },
  );
  const cluster = await startChatCluster({
    databaseUrl: postgres.connectionString,
    size: 3,
    running: 1,
    serverArgs: [path.join(serverBundleDir, "chatServer.mjs")],
    env: serverEnv,
  });
  const cpuRows: Record<string, string | number>[] = [];
  try {
    await waitUntilListening(txBaseline);
    const proxied = { name: "HAProxy", baseUrl: cluster.haproxy.url };
    for (const count of [1, 2, 3] as const) {
      if (count > 1) {
        await cluster.start(count - 1);
        await cluster.waitForUp(count);
      }
      console.log(`--- ${count} chat server${count > 1 ? "s" : ""}`);
      await measure(proxied, CLIENTS); // warm-up of the new server (JIT), not recorded
      const ours: Measured[] = [];
      const baseline: Measured[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating order: both targets see the same drift of the machine's load.
        for (const target of round % 2 === 0 ? ["ours", "tx"] : ["tx", "ours"]) {
          if (target === "ours") ours.push(await measure(proxied, CLIENTS, cluster));
          else baseline.push(await measure(txBaseline, CLIENTS));
        }
      }
      const value = median(ours);
      const base = median(baseline);
      figures.push(
        throughputFigure(`scale.continueChat.throughput.${count}`, value.throughput, base.throughput),
      );
      figures.push(latencyFigure(`scale.continueChat.p50.${count}`, value.p50, base.p50));
      figures.push(latencyFigure(`scale.continueChat.p99.${count}`, value.p99, base.p99));
      for (const [process, ms] of Object.entries(value.cpuMsPerRequest)) {
        cpuRows.push({ servers: count, process, "CPU ms / request": Number(ms.toFixed(3)) });
      }
      cpuRows.push({
        servers: count,
        process: "B-tx (baseline, 1 process)",
        "CPU ms / request": Number((base.cpuMsPerRequest["B-tx"] ?? Number.NaN).toFixed(3)),
      });
    }
  } finally {
    await cluster.close();
    await stopServer(txBaseline);
  }
  recordFigures(figures, { replacing: "scale." });
  console.log(`CPU time per continueChat, per process (${cpus().length} cores):`);
  console.table(cpuRows);

  interface Measured {
    throughput: number;
    p50: number;
    p99: number;
    cpuMsPerRequest: Record<string, number>;
  }

  /** Each figure's median over the rounds (CPU figures from the same round as the throughput's). */
  function median(rounds: Measured[]): Measured {
    const pick = (key: "throughput" | "p50" | "p99") =>
      [...rounds].sort((a, b) => a[key] - b[key])[Math.floor(rounds.length / 2)]?.[key] ?? Number.NaN;
    const middle = [...rounds].sort((a, b) => a.throughput - b.throughput)[Math.floor(rounds.length / 2)];
    return {
      throughput: pick("throughput"),
      p50: pick("p50"),
      p99: pick("p99"),
      cpuMsPerRequest: middle?.cpuMsPerRequest ?? {},
    };
  }

  /**
   * 32 sessions started through `target`, then each client answers its own session's text inputs for
   * DURATION_MS after WARMUP_MS; the CPU time of every process involved is read before and after.
   */
  async function measure(
    target: { name: string; baseUrl: string; child?: { pid?: number } },
    clients: number,
    chatCluster?: typeof cluster,
  ): Promise<Measured> {
    const sessionIds = await startBenchSessions(target.baseUrl, bot, clients);
    const processes = await involvedProcesses(target, chatCluster);
    const before = readCpu(processes);
    const result: LoadResult = await runLoad({
      baseUrl: target.baseUrl,
      mode: "continue",
      token: bot.chatKey,
      sessionIds,
      clients,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
    });
    const after = readCpu(processes);
    if (result.errors > 0)
      console.warn(`${target.name}: ${result.errors} errors, first: ${result.firstError}`);
    const sorted = [...result.latenciesMs].sort((a, b) => a - b);
    const cpuMsPerRequest: Record<string, number> = {};
    for (const [name, ticks] of Object.entries(after)) {
      cpuMsPerRequest[name] = ((ticks - (before[name] ?? 0)) * TICK_MS) / Math.max(1, result.completed);
    }
    const measured = {
      throughput: result.count / (result.durationMs / 1000),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      cpuMsPerRequest,
    };
    console.log(
      `${target.name}: ${measured.throughput.toFixed(0)} req/s, p50 ${measured.p50.toFixed(2)} ms, p99 ${measured.p99.toFixed(2)} ms`,
    );
    return measured;
  }

  /** The processes a request to `target` keeps busy, by name: servers, proxy, PostgreSQL's backends. */
  async function involvedProcesses(
    target: { name: string; child?: { pid?: number } },
    chatCluster?: typeof cluster,
  ): Promise<Record<string, number[]>> {
    const { rows } = await getPgPool().query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid()",
    );
    const processes: Record<string, number[]> = { PostgreSQL: rows.map((row) => row.pid) };
    if (chatCluster) {
      chatCluster.servers.forEach((server, index) => {
        if (server?.child.pid) processes[`chat server ${index + 1}`] = [server.child.pid];
      });
      const haproxyPid = chatCluster.haproxy.pid;
      if (haproxyPid) processes.HAProxy = [haproxyPid];
    } else if (target.child?.pid) {
      processes[target.name] = [target.child.pid];
    }
    return processes;
  }
} finally {
  await postgres.stop();
}

/** CPU time (user + system, clock ticks) of each named group of processes, threads included. */
function readCpu(processes: Record<string, number[]>): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const [name, pids] of Object.entries(processes)) {
    totals[name] = pids.reduce((sum, pid) => sum + readProcessTicks(pid), 0);
  }
  return totals;
}

function readProcessTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
