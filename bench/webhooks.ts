// npm run bench -- webhooks: does a bot with 10 result webhooks make its turns slower? continueChat
// through `npm run chat-server` on two bots of the same 10-block loop flow, one without webhooks (the
// baseline, measured in the same run) and one with 10 (every event), in alternating rounds; the
// server's own worker delivers to a local receiver meanwhile. Also SQL statements per text turn of
// each. Figures: bench/results/latest.json (`webhooks.*`).

import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { startEphemeralPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import { benchChatServerEnv, startBenchSessions } from "./chat/benchChatServerEnv";
import {
  commands,
  projectRoot,
  runLoad,
  startServer,
  stopServer,
  waitUntilListening,
} from "./chat/benchProcesses";
import { type BenchFigure, latencyFigure, percentile, recordFigures, throughputFigure } from "./lib/results";

const CLIENTS = 8;
const ROUNDS = 8;
const DURATION_MS = 3_000;
const WARMUP_MS = 1_000;
const SUBSCRIPTIONS = 10;
const PORT = 3921;

// The receiver the chat server delivers to (on loopback, allowed through OUTBOUND_ALLOWED_HOSTS).
let delivered = 0;
const receiver = http.createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    delivered++;
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const postgres = await startEphemeralPostgres();
try {
  await applyMigrations(postgres.connectionString);
  const serverEnv = benchChatServerEnv(postgres.connectionString, {
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
    CHAT_SERVER_PORT: String(PORT),
  });
  const { getPrisma } = await import("@parley/db");
  const { handleViewerApiRequest } = await import("@parley/chat/mounts/handleViewerApiRequest");
  const { seedPublishedBot, seedWorkspace } = await import("@parley/chat/testing/seedPublishedBot");
  const { createLoopFlow } = await import("@parley/chat/testing/createLoopFlow");
  const { createTestWebhook } = await import("@parley/chat/testing/createTestWebhook");
  const { countTurnStatements } = await import("./chat/countTurnStatements");

  const workspaceId = await seedWorkspace(getPrisma());
  const bots = {
    none: await seedPublishedBot(getPrisma(), workspaceId, createLoopFlow(5)),
    ten: await seedPublishedBot(getPrisma(), workspaceId, createLoopFlow(5)),
  };
  for (let index = 0; index < SUBSCRIPTIONS; index++)
    await createTestWebhook(bots.ten.botId, `${receiverUrl}/${index}`);
  const statements = {
    none: (await countTurnStatements(handleViewerApiRequest, bots.none)).statements,
    ten: (await countTurnStatements(handleViewerApiRequest, bots.ten)).statements,
  };
  console.log(
    `SQL statements per text turn: ${statements.none} (no webhooks), ${statements.ten} (10 webhooks)`,
  );

  const server = startServer(
    "chat-server",
    commands.tsx(path.join(projectRoot, "scripts", "chatServer.ts")),
    PORT,
    serverEnv,
  );
  const samples: Record<keyof typeof bots, Summary[]> = { none: [], ten: [] };
  try {
    await waitUntilListening(server);
    for (let pass = 0; pass < 2; pass++)
      for (const key of ["none", "ten"] as const) await measureContinue(server.baseUrl, bots[key], "warm-up");
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (["none", "ten"] as const) : (["ten", "none"] as const);
      for (const key of order) samples[key].push(await measureContinue(server.baseUrl, bots[key], key));
    }
  } finally {
    await stopServer(server);
  }
  const queued = await getPrisma().webhookDelivery.count();
  console.log(`Deliveries queued during the run: ${queued}, delivered to the receiver: ${delivered}`);
  const none = medianSummary(samples.none);
  const ten = medianSummary(samples.ten);
  const figures: BenchFigure[] = [
    throughputFigure("webhooks.continueChat.throughput.subscriptions10", ten.throughput, none.throughput),
    latencyFigure("webhooks.continueChat.p50.subscriptions10", ten.p50, none.p50),
    latencyFigure("webhooks.continueChat.p95.subscriptions10", ten.p95, none.p95),
    {
      name: "webhooks.statementsPerTurn.subscriptions10",
      value: statements.ten,
      unit: "statements",
      baseline: statements.none,
      ratio: statements.none / statements.ten,
    },
  ];
  recordFigures(figures, { replacing: "webhooks." });
  // The machine's load drifts between rounds: each round's pair (measured back to back) is compared too.
  const pairedRatios = samples.ten.map(
    (sample, round) => sample.p50 / (samples.none[round]?.p50 ?? Number.NaN),
  );
  const pairedP50Ratio =
    [...pairedRatios].sort((a, b) => a - b)[Math.floor(pairedRatios.length / 2)] ?? Number.NaN;
  console.log(
    `continueChat p50 with 10 webhooks / without, per round: ${pairedRatios.map((r) => r.toFixed(2)).join(", ")}`,
  );
  console.log(
    `${pairedP50Ratio <= 1.1 ? "PASS" : "FAIL"}  continueChat p50 with 10 webhooks <= 1.1x without (median of rounds: ${pairedP50Ratio.toFixed(2)}x)`,
  );
  console.log(`${statements.ten === statements.none ? "PASS" : "FAIL"}  same SQL statements per turn`);
} finally {
  await postgres.stop();
  receiver.close();
}

interface Summary {
  throughput: number;
  p50: number;
  p95: number;
}

function medianSummary(summaries: Summary[]): Summary {
  const pick = (key: keyof Summary) => {
    const values = summaries.map((summary) => summary[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? Number.NaN;
  };
  return { throughput: pick("throughput"), p50: pick("p50"), p95: pick("p95") };
}

/** CLIENTS sessions started, then each client answers its own session's text inputs. */
async function measureContinue(baseUrl: string, bot: { publicId: string; chatKey: string }, label: string) {
  const sessionIds = await startBenchSessions(baseUrl, bot, CLIENTS);
  const result = await runLoad({
    baseUrl,
    clients: CLIENTS,
    durationMs: DURATION_MS,
    warmupMs: WARMUP_MS,
    mode: "continue",
    token: bot.chatKey,
    sessionIds,
  });
  if (result.errors > 0) console.warn(`${label}: ${result.errors} errors, first: ${result.firstError}`);
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const summary = {
    throughput: result.count / (result.durationMs / 1000),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
  };
  console.log(
    `${label}: ${summary.throughput.toFixed(0)} req/s, p50 ${summary.p50.toFixed(2)} ms, p95 ${summary.p95.toFixed(2)} ms`,
  );
  return summary;
}
