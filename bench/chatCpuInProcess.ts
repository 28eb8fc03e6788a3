// npm run bench -- chatCpuInProcess [--turns=N] [--rounds=N] [--profile]: CPU time per continueChat of the
// chat API's handler (`handleViewerApiRequest`, the code behind `npm run chat-server` without its node:http
// mount) and of B-tx's query functions, called one after the other in this process on the same 5-group
// loop flow, in alternating rounds of N turns each (process.cpuUsage around each round, divided by N).
// PostgreSQL runs in its own processes, so the figures are this process's work only: independent of the
// machine's load and of HTTP. A third arm, in the same rounds: the same flow in 10 languages, its sessions
// started in French (issue 29's "≤ 5 % engine time over the same bot untranslated"). `--profile` records a CPU profile of the chat handler's measured rounds
// (through node:inspector, sampled every 100 µs) and prints its summary.
import { mkdtempSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEphemeralPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import { benchChatServerEnv } from "./chat/benchChatServerEnv";
import { projectRoot } from "./chat/benchProcesses";
import { summariseCpuProfile, type V8CpuProfile } from "./chat/cpuProfileSummary";
import { recordFigures } from "./lib/results";

const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ??
  (process.argv.includes(`--${name}`) ? "true" : undefined);
const turns = Number(option("turns") ?? 2_000);
const rounds = Number(option("rounds") ?? 3);
const profile = option("profile") !== undefined;
const SESSIONS = 32;

const postgres = await startEphemeralPostgres();
try {
  await applyMigrations(postgres.connectionString);
  benchChatServerEnv(postgres.connectionString);
  const { getPrisma } = await import("@parley/db");
  const { handleViewerApiRequest } = await import("@parley/chat/mounts/handleViewerApiRequest");
  const { seedPublishedBot, seedWorkspace } = await import("@parley/chat/testing/seedPublishedBot");
  const { createLoopFlow, createTranslatedLoopFlow } = await import("@parley/chat/testing/createLoopFlow");
  const { countTurnStatements, postRequest } = await import("./chat/countTurnStatements");
  const { bufferedTextOf } = await import("@parley/platform/http/bufferedBodies");
  const { BufferedRequest } = await import("@parley/platform/http/bufferedRequest");
  const workspaceId = await seedWorkspace(getPrisma());
  const bot = await seedPublishedBot(getPrisma(), workspaceId, createLoopFlow(5));
  const translatedBot = await seedPublishedBot(getPrisma(), workspaceId, createTranslatedLoopFlow(5, 10));
  const payloadFile = path.join(mkdtempSync(path.join(tmpdir(), "parley-bench-")), "payload.json");
  writeFileSync(
    payloadFile,
    JSON.stringify((await countTurnStatements(handleViewerApiRequest, bot)).payload),
  );
  process.env.BENCH_BASELINE_PAYLOAD = payloadFile;
  const { handleBaselineStart, handleBaselineTurn } = await import("./next-baseline/src/baselineTurn");
  const authorization = `Bearer ${bot.chatKey}`;

  const ourSessions: string[] = [];
  const translatedSessions: string[] = [];
  const baselineSessions: string[] = [];
  for (let index = 0; index < SESSIONS; index++) {
    const response = await handleViewerApiRequest(
      postRequest(`/bots/${bot.publicId}/startChat`, bot.chatKey, {}),
    );
    ourSessions.push(String(((await response.json()) as { sessionId: string }).sessionId));
    const french = await handleViewerApiRequest(
      postRequest(`/bots/${translatedBot.publicId}/startChat`, translatedBot.chatKey, { language: "fr" }),
    );
    translatedSessions.push(String(((await french.json()) as { sessionId: string }).sessionId));
    const start = await handleBaselineStart(bot.publicId, authorization, {});
    baselineSessions.push(String((start.body as { sessionId: string }).sessionId));
  }

  let turn = 0;
  // As the chat server's node:http mount does: the request a BufferedRequest of the bytes read, the
  // answer's headers copied and its JSON text taken as it is (packages/chat/src/server).
  const chatTurn = (sessions: string[], authorization: string) => async () => {
    const sessionId = sessions[turn++ % SESSIONS];
    const body = Buffer.from(JSON.stringify({ message: `answer ${turn}` }));
    const request = new BufferedRequest(
      new URL(`http://127.0.0.1/api/v1/sessions/${sessionId}/continueChat`),
      "POST",
      new Headers({ authorization, "content-type": "application/json" }),
      body,
    );
    const response = await handleViewerApiRequest(request);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const text = bufferedTextOf(response);
    if (response.status !== 200 || text === undefined)
      throw new Error(`continueChat: HTTP ${response.status} ${await response.text()}`);
  };
  const ours = chatTurn(ourSessions, authorization);
  const translated = chatTurn(translatedSessions, `Bearer ${translatedBot.chatKey}`);
  const baseline = async () => {
    const sessionId = baselineSessions[turn++ % SESSIONS];
    const result = await handleBaselineTurn(sessionId ?? "", authorization, { message: `answer ${turn}` });
    if (result.status !== 200) throw new Error(`baseline turn: HTTP ${result.status}`);
    JSON.stringify(result.body);
  };
  /** CPU ms (user + system) per call of `call`, over `count` calls one after the other. */
  const measure = async (call: () => Promise<void>, count: number) => {
    const before = process.cpuUsage();
    for (let index = 0; index < count; index++) await call();
    const used = process.cpuUsage(before);
    return { total: (used.user + used.system) / 1000 / count, system: used.system / 1000 / count };
  };

  await measure(ours, turns); // warm-up (JIT, the flow's cache), not recorded
  await measure(baseline, turns);
  await measure(translated, turns);
  const inspector = profile ? new Session() : undefined;
  if (inspector) {
    inspector.connect();
    await inspector.post("Profiler.enable");
    await inspector.post("Profiler.setSamplingInterval", { interval: 100 });
  }
  const figures = { ours: [] as number[], baseline: [] as number[], translated: [] as number[] };
  const arms = { ours, baseline, translated };
  const armNames = {
    ours: "chat handler",
    baseline: "B-tx queries",
    translated: "chat handler, translated bot",
  };
  const profiles: V8CpuProfile[] = [];
  for (let round = 0; round < rounds; round++) {
    const order =
      round % 2 === 0
        ? (["ours", "translated", "baseline"] as const)
        : (["baseline", "translated", "ours"] as const);
    for (const which of order) {
      if (which === "baseline" && option("no-baseline")) continue;
      if (which === "ours" && inspector) await inspector.post("Profiler.start");
      const { total: msPerTurn, system } = await measure(arms[which], turns);
      if (which === "ours" && inspector)
        profiles.push((await inspector.post("Profiler.stop")).profile as unknown as V8CpuProfile);
      figures[which].push(msPerTurn);
      console.log(
        `round ${round + 1}, ${armNames[which]}: ${msPerTurn.toFixed(3)} ms CPU per continueChat (system ${system.toFixed(3)})`,
      );
    }
  }
  inspector?.disconnect();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const ourMedian = median(figures.ours);
  const baselineMedian = median(figures.baseline);
  const least = (values: number[]) => Math.min(...values);
  console.log(
    `median: chat handler ${ourMedian.toFixed(3)} ms, B-tx queries ${baselineMedian.toFixed(3)} ms, ratio ${(baselineMedian / ourMedian).toFixed(2)}; ` +
      `least: ${least(figures.ours).toFixed(3)} ms against ${least(figures.baseline).toFixed(3)} ms` +
      (profile ? " (profiling slows both measured rounds of the chat handler)" : ""),
  );
  const translatedMedian = median(figures.translated);
  console.log(
    `translated bot (10 languages, in French): ${translatedMedian.toFixed(3)} ms CPU per continueChat, ${(translatedMedian / ourMedian).toFixed(3)}x the same bot untranslated (target <= 1.05x)`,
  );
  if (!profile)
    recordFigures([
      {
        name: "chatCpuInProcess.continueChat.cpuMsPerTurn",
        value: ourMedian,
        unit: "ms",
        baseline: baselineMedian,
        ratio: ourMedian > 0 ? baselineMedian / ourMedian : null,
      },
      {
        name: "chatCpuInProcess.continueChat.translated.cpuMsPerTurn",
        value: translatedMedian,
        unit: "ms",
        baseline: ourMedian,
        ratio: translatedMedian > 0 ? ourMedian / translatedMedian : null,
      },
    ]);
  const last = profiles.at(-1);
  if (last) console.log(summariseCpuProfile(last, projectRoot, { top: 30 }));
} finally {
  await postgres.stop();
}
