// npm run bench -- chat: chat turn latency and throughput at 32 concurrent clients for startChat
// and continueChat through (a) `next start` of the viewer and (b) `npm run chat-server`, beside
// baselines measured in the same run on the same database and load generator: B-next, a Next
// route handler doing the same SQL with raw pg, and B-tx, a bare node:http + pg handler doing
// the same. Also SQL statements per text turn on a 10-block and a 3,000-block flow, and the
// continueChat p50 of the large flow against the small one, and each server's CPU time per request
// (from /proc: independent of the machine's load). Figures: bench/results/latest.json.
import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEphemeralPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import { benchChatServerEnv, startBenchSessions } from "./chat/benchChatServerEnv";
import {
  type BenchServer,
  commands,
  projectRoot,
  runLoad,
  runToCompletion,
  startServer,
  stopServer,
  waitUntilListening,
} from "./chat/benchProcesses";
import { readProcessCpuMs } from "./chat/processCpu";
import { type BenchFigure, latencyFigure, percentile, recordFigures, throughputFigure } from "./lib/results";

const CLIENTS = 32;
const ROUNDS = 5;
const DURATION_MS = 5_000;
const WARMUP_MS = 1_000;
/** Unmeasured load on every server before its first measurement, so each is measured warm (JIT). */
const SERVER_WARMUP_MS = 6_000;
const viewerDir = path.join(projectRoot, "apps", "viewer");
const baselineDir = path.join(import.meta.dirname, "next-baseline");

// Before this process's environment gets the benchmark's DATABASE_URL and NODE_ENV: they are part of
// Turborepo's hash, and the build must come from (and go to) the same cache as everyone's.
buildIfStale();
const postgres = await startEphemeralPostgres();
try {
  await applyMigrations(postgres.connectionString);
  const serverEnv = benchChatServerEnv(postgres.connectionString);
  const { getPrisma } = await import("@parley/db");
  const { handleViewerApiRequest } = await import("@parley/chat/mounts/handleViewerApiRequest");
  const { seedPublishedBot, seedWorkspace } = await import("@parley/chat/testing/seedPublishedBot");
  const { createLoopFlow, createTranslatedLoopFlow } = await import("@parley/chat/testing/createLoopFlow");
  const { countTurnStatements } = await import("./chat/countTurnStatements");

  const workspaceId = await seedWorkspace(getPrisma());
  const small = await seedPublishedBot(getPrisma(), workspaceId, createLoopFlow(5));
  const large = await seedPublishedBot(getPrisma(), workspaceId, createLoopFlow(1_500));
  // The small flow in 10 languages, its sessions started in French: every turn reads translated texts.
  const translated = {
    ...(await seedPublishedBot(getPrisma(), workspaceId, createTranslatedLoopFlow(5, 10))),
    startBody: JSON.stringify({ language: "fr" }),
  };
  const smallCount = await countTurnStatements(handleViewerApiRequest, small);
  const largeCount = await countTurnStatements(handleViewerApiRequest, large);
  const translatedCount = await countTurnStatements(handleViewerApiRequest, translated, { language: "fr" });
  console.log(
    `SQL statements per text turn: ${smallCount.statements} (10 blocks), ${largeCount.statements} (3,000 blocks), ${translatedCount.statements} (10 blocks in 10 languages, in French)`,
  );
  const payloadFile = path.join(mkdtempSync(path.join(tmpdir(), "parley-bench-")), "payload.json");
  writeFileSync(payloadFile, JSON.stringify(smallCount.payload));

  const figures: BenchFigure[] = [
    {
      name: "chat.statementsPerTurn.small",
      value: smallCount.statements,
      unit: "statements",
      baseline: null,
      ratio: null,
    },
    {
      name: "chat.statementsPerTurn.large",
      value: largeCount.statements,
      unit: "statements",
      baseline: null,
      ratio: null,
    },
    {
      name: "chat.statementsPerTurn.translated",
      value: translatedCount.statements,
      unit: "statements",
      baseline: smallCount.statements,
      ratio: smallCount.statements / translatedCount.statements,
    },
  ];
  const env = { ...serverEnv, BENCH_BASELINE_PAYLOAD: payloadFile };
  const targets: { key: Target; name: string; port: number; command: { args: string[]; cwd?: string } }[] = [
    {
      key: "txBaseline",
      name: "B-tx",
      port: 3911,
      command: commands.tsx(path.join(import.meta.dirname, "chat", "txBaselineServer.ts"), "3911"),
    },
    {
      key: "chatServer",
      name: "chat-server",
      port: 3912,
      command: commands.tsx(path.join(projectRoot, "scripts", "chatServer.ts")),
    },
    { key: "nextBaseline", name: "B-next", port: 3913, command: commands.nextStart(baselineDir, 3913) },
    { key: "next", name: "viewer (next start)", port: 3914, command: commands.nextStart(viewerDir, 3914) },
  ];
  // All servers run at once (an idle one costs nothing) and are measured in alternating rounds, each
  // figure the median of its rounds: the machine's load drifts, and every target sees the same drift.
  const servers = targets.map((target) =>
    startServer(target.name, target.command, target.port, { ...env, CHAT_SERVER_PORT: "3912" }),
  );
  const samples = new Map<string, Summary[]>();
  const addSample = (name: string, summary: Summary) =>
    samples.set(name, [...(samples.get(name) ?? []), summary]);
  try {
    for (const server of servers) await waitUntilListening(server);
    for (const server of servers) await warmUp(server, small);
    await warmUp(servers[1] as BenchServer, large);
    await warmUp(servers[1] as BenchServer, translated);
    for (let round = 0; round < ROUNDS; round++) {
      console.log(`--- round ${round + 1} of ${ROUNDS}`);
      const order = [...targets.keys()].map((index) => (index + round) % targets.length);
      for (const index of order) {
        const target = targets[index];
        const server = servers[index];
        if (!target || !server) continue;
        addSample(
          `${target.key}.start`,
          await measure(server, { mode: "start", publicId: small.publicId, token: small.chatKey }),
        );
        addSample(`${target.key}.continue`, await measureContinue(server, small));
      }
      const chatServer = servers[1] as BenchServer;
      const flows =
        round % 2 === 0
          ? ([
              ["large", large],
              ["small", small],
              ["translated", translated],
            ] as const)
          : ([
              ["translated", translated],
              ["small", small],
              ["large", large],
            ] as const);
      for (const [size, bot] of flows)
        addSample(`chatServer.continue.${size}`, await measureContinue(chatServer, bot));
    }
  } finally {
    await Promise.all(servers.map(stopServer));
  }
  const median = (name: string) => medianSummary(samples.get(name) ?? []);
  for (const [endpoint, mode] of [
    ["startChat", "start"],
    ["continueChat", "continue"],
  ] as const) {
    for (const [ours, baseline, label] of [
      ["next", "nextBaseline", "next"],
      ["chatServer", "txBaseline", "chatServer"],
    ] as const) {
      const value = median(`${ours}.${mode}`);
      const base = median(`${baseline}.${mode}`);
      if (!value || !base) continue;
      figures.push(
        throughputFigure(`chat.${endpoint}.throughput.${label}`, value.throughput, base.throughput),
      );
      for (const p of ["p50", "p95", "p99"] as const)
        figures.push(latencyFigure(`chat.${endpoint}.${p}.${label}`, value[p], base[p]));
      figures.push(
        latencyFigure(
          `chat.${endpoint}.cpuMsPerRequest.${label}`,
          value.cpuMsPerRequest,
          base.cpuMsPerRequest,
        ),
      );
    }
  }
  // Not a figure of latest.json (its names are fixed by the issue): printed and checked.
  const largeP50 = median("chatServer.continue.large")?.p50 ?? Number.NaN;
  const smallP50 = median("chatServer.continue.small")?.p50 ?? Number.NaN;
  console.log(
    `continueChat p50 via chat-server: ${largeP50.toFixed(2)} ms (3,000 blocks), ${smallP50.toFixed(2)} ms (10 blocks): ${(largeP50 / smallP50).toFixed(2)}x`,
  );
  const translatedP50 = median("chatServer.continue.translated")?.p50 ?? Number.NaN;
  console.log(
    `continueChat p50 via chat-server, translated bot (10 languages, in French): ${translatedP50.toFixed(2)} ms, ${(translatedP50 / smallP50).toFixed(3)}x the same bot untranslated (target <= 1.05x)`,
  );
  recordFigures(figures, { replacing: "chat." });
  printTargets(figures, largeP50 / smallP50);
} finally {
  await postgres.stop();
}

type Target = "txBaseline" | "chatServer" | "nextBaseline" | "next";

interface Summary {
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU time of the server's process per answered request (from /proc: independent of the machine's load). */
  cpuMsPerRequest: number;
}

/** Each figure's median over the rounds. */
function medianSummary(summaries: Summary[]): Summary | null {
  if (summaries.length === 0) return null;
  const pick = (key: keyof Summary) => {
    const values = summaries.map((summary) => summary[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? Number.NaN;
  };
  return {
    throughput: pick("throughput"),
    p50: pick("p50"),
    p95: pick("p95"),
    p99: pick("p99"),
    cpuMsPerRequest: pick("cpuMsPerRequest"),
  };
}

async function measure(server: BenchServer, options: Record<string, unknown>): Promise<Summary> {
  const cpuBefore = readProcessCpuMs(server.child.pid);
  const result = await runLoad({
    baseUrl: server.baseUrl,
    clients: CLIENTS,
    durationMs: DURATION_MS,
    warmupMs: WARMUP_MS,
    ...options,
  });
  if (result.errors > 0)
    console.warn(`${server.name} ${options.mode}: ${result.errors} errors, first: ${result.firstError}`);
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const summary = {
    throughput: result.count / (result.durationMs / 1000),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    cpuMsPerRequest: (readProcessCpuMs(server.child.pid) - cpuBefore) / Math.max(1, result.completed),
  };
  console.log(
    `${server.name} ${options.mode}: ${summary.throughput.toFixed(0)} req/s, p50 ${summary.p50.toFixed(2)} ms, p99 ${summary.p99.toFixed(2)} ms, server CPU ${summary.cpuMsPerRequest.toFixed(2)} ms per request`,
  );
  return summary;
}

/** Both endpoints under load, unmeasured. */
async function warmUp(server: BenchServer, bot: { publicId: string; chatKey: string; startBody?: string }) {
  const common = { baseUrl: server.baseUrl, clients: CLIENTS, durationMs: SERVER_WARMUP_MS / 2, warmupMs: 0 };
  await runLoad({ ...common, mode: "start", publicId: bot.publicId, token: bot.chatKey });
  const sessionIds = await startBenchSessions(server.baseUrl, bot, CLIENTS);
  await runLoad({ ...common, mode: "continue", token: bot.chatKey, sessionIds });
}

/** 32 sessions started on `server`, then each client answers its own session's text inputs. */
async function measureContinue(
  server: BenchServer,
  bot: { publicId: string; chatKey: string; startBody?: string },
) {
  const sessionIds = await startBenchSessions(server.baseUrl, bot, CLIENTS);
  return measure(server, { mode: "continue", token: bot.chatKey, sessionIds });
}

function buildIfStale() {
  runToCompletion({
    args: [
      path.join(projectRoot, "node_modules", "turbo", "bin", "turbo"),
      "run",
      "build",
      "--filter=@parley/viewer",
    ],
  });
  const buildId = path.join(baselineDir, ".next", "BUILD_ID");
  const sourceTime = statSync(path.join(baselineDir, "src", "baselineTurn.ts")).mtimeMs;
  if (!existsSync(buildId) || statSync(buildId).mtimeMs < sourceTime)
    runToCompletion(commands.nextBuild(baselineDir));
}

function printTargets(figures: BenchFigure[], largeToSmallP50: number) {
  const ratio = (name: string) => figures.find((figure) => figure.name === name)?.ratio ?? Number.NaN;
  const value = (name: string) => figures.find((figure) => figure.name === name)?.value ?? Number.NaN;
  const checks = [
    ["continueChat throughput via next >= 0.8x B-next", ratio("chat.continueChat.throughput.next") >= 0.8],
    ["startChat throughput via next >= 0.8x B-next", ratio("chat.startChat.throughput.next") >= 0.8],
    [
      "continueChat throughput via chat-server >= 0.5x B-tx",
      ratio("chat.continueChat.throughput.chatServer") >= 0.5,
    ],
    [
      "startChat throughput via chat-server >= 0.5x B-tx",
      ratio("chat.startChat.throughput.chatServer") >= 0.5,
    ],
    ["statements per text turn <= 6", value("chat.statementsPerTurn.small") <= 6],
    [
      "statements equal for 10 and 3,000 blocks",
      value("chat.statementsPerTurn.small") === value("chat.statementsPerTurn.large"),
    ],
    ["continueChat p50 of 3,000 blocks <= 1.3x 10 blocks", largeToSmallP50 <= 1.3],
  ] as const;
  for (const [label, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${label}`);
}
