// npm run bench -- chatCpu [--rounds=N] [--profile]: server CPU time per continueChat of
// `npm run chat-server` and of B-tx (the bare node:http + pg server of bench/chat.ts), read from
// /proc around a bounded run of the chat benchmark's load generator: a figure that does not depend on
// the machine's load, unlike throughput. `--profile` also records a CPU profile of the chat server
// (node --cpu-prof, in a temporary folder) and prints its top functions by self and by inclusive time.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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
  startServer,
  stopServer,
  waitUntilListening,
} from "./chat/benchProcesses";
import { summariseCpuProfile } from "./chat/cpuProfileSummary";
import { readProcessCpuMs } from "./chat/processCpu";
import { recordFigures } from "./lib/results";

const CLIENTS = 32;
const DURATION_MS = 4_000;
const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ??
  (process.argv.includes(`--${name}`) ? "true" : undefined);
const rounds = Number(option("rounds") ?? 3);
const profileDir = option("profile") ? mkdtempSync(path.join(tmpdir(), "parley-chat-profile-")) : undefined;

const postgres = await startEphemeralPostgres();
try {
  await applyMigrations(postgres.connectionString);
  const env = benchChatServerEnv(postgres.connectionString, { CHAT_SERVER_PORT: "3922" });
  const { getPrisma } = await import("@parley/db");
  const { handleViewerApiRequest } = await import("@parley/chat/mounts/handleViewerApiRequest");
  const { seedPublishedBot, seedWorkspace } = await import("@parley/chat/testing/seedPublishedBot");
  const { createLoopFlow } = await import("@parley/chat/testing/createLoopFlow");
  const { countTurnStatements } = await import("./chat/countTurnStatements");
  const bot = await seedPublishedBot(getPrisma(), await seedWorkspace(getPrisma()), createLoopFlow(5));
  const payloadFile = path.join(mkdtempSync(path.join(tmpdir(), "parley-bench-")), "payload.json");
  writeFileSync(
    payloadFile,
    JSON.stringify((await countTurnStatements(handleViewerApiRequest, bot)).payload),
  );
  const serverEnv = { ...env, BENCH_BASELINE_PAYLOAD: payloadFile };
  const servers: BenchServer[] = [
    startServer(
      "B-tx",
      commands.tsx(path.join(import.meta.dirname, "chat", "txBaselineServer.ts"), "3921"),
      3921,
      serverEnv,
    ),
    startServer("chat-server", commands.tsx(path.join(projectRoot, "scripts", "chatServer.ts")), 3922, {
      ...serverEnv,
      ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
    }),
  ];
  for (const server of servers)
    server.child.once("exit", (code, signal) => console.log(`${server.name} exited: ${code ?? signal}`));
  const cpu = new Map<string, number[]>();
  let measuredFrom = 0;
  let measuredTo = 0;
  try {
    for (const server of servers) await waitUntilListening(server);
    for (const server of servers) await measure(server, bot); // warm-up (JIT), not recorded
    measuredFrom = performance.now();
    for (let round = 0; round < rounds; round++) {
      for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
        const msPerRequest = await measure(server, bot);
        cpu.set(server.name, [...(cpu.get(server.name) ?? []), msPerRequest]);
      }
    }
  } finally {
    measuredTo = performance.now();
    await Promise.all(servers.map(stopServer));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const ours = median(cpu.get("chat-server") ?? []);
  const baseline = median(cpu.get("B-tx") ?? []);
  recordFigures([
    {
      name: "chatCpu.continueChat.cpuMsPerRequest.chatServer",
      value: ours,
      unit: "ms",
      baseline,
      ratio: ours > 0 ? baseline / ours : null,
    },
  ]);
  if (profileDir) {
    const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
    if (file) {
      console.log(`CPU profile of the chat server: ${path.join(profileDir, file)}`);
      const profile = JSON.parse(readFileSync(path.join(profileDir, file), "utf8"));
      // The measured rounds only (the profile ends when the server stops, right after them).
      console.log(summariseCpuProfile(profile, projectRoot, { lastMs: measuredTo - measuredFrom }));
    }
  }
} finally {
  await postgres.stop();
}

/** Server CPU ms per continueChat over DURATION_MS of load from 32 clients on their own sessions. */
async function measure(server: BenchServer, bot: { publicId: string; chatKey: string }) {
  const sessionIds = await startBenchSessions(server.baseUrl, bot, CLIENTS);
  const before = readProcessCpuMs(server.child.pid);
  const result = await runLoad({
    baseUrl: server.baseUrl,
    mode: "continue",
    token: bot.chatKey,
    sessionIds,
    clients: CLIENTS,
    durationMs: DURATION_MS,
    warmupMs: 0,
  });
  const msPerRequest = (readProcessCpuMs(server.child.pid) - before) / Math.max(1, result.completed);
  if (result.errors > 0) console.warn(`${server.name}: ${result.errors} errors, first: ${result.firstError}`);
  console.log(
    `${server.name}: ${result.completed} continueChat, ${msPerRequest.toFixed(3)} ms server CPU per request`,
  );
  return msPerRequest;
}
