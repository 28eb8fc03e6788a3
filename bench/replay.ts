// npm run bench -- replay: "What would change?" (docs/replay.md) over real results. On an embedded PostgreSQL, a
// 500-block bot is published and 1,000 conversations of up to 20 turns are run through the engine and stored as the
// chat runtime stores them (results, answers, logs). Each replay runs in a fresh process (bench/replay/replayWorker.ts)
// that reads the results from the database, replays them and writes the report, as the queued job does. Measured:
// wall time and peak RSS of the 1,000-result replay through a changed draft, beside a baseline measured in the
// same run, the same results replayed over the published version itself (draft = published); and the 100-result
// replay's peak, to show the memory does not grow with N (results are read 50 at a time). Target (issue 27): ≤ 30 s.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import path from "node:path";
import { startEphemeralPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import type { FlowSnapshot, TurnOutcome } from "@parley/engine";
import type { BotDocument, ChatMessage } from "@parley/schemas";
import { generateFlow } from "@parley/schemas/bot/testing/generateFlow";
import { createBenchAccount } from "./lib/benchAccount";
import { countFigure, latencyFigure, recordFigures } from "./lib/results";

const RESULTS = 1_000;
const SMALL = 100;
const TURNS = 20;

interface ReplayRun {
  ms: number;
  peakRssMb: number;
  peakHeapMb: number;
  summary: Record<string, number>;
}

const postgres = await startEphemeralPostgres();
try {
  await applyMigrations(postgres.connectionString);
  Object.assign(process.env, { DATABASE_URL: postgres.connectionString, LOG_LEVEL: "warn" });
  const { getPrisma, createId } = await import("@parley/db");
  const { toAllStoredFlowColumns } = await import("@parley/db/storedFlow");
  const { createTestBot } = await import("@parley/platform/testing/fixtures");
  const { continueChat, createStubbedPorts, startChat } = await import("@parley/engine");
  const { createTestPorts } = await import("@parley/engine/testing");
  const prisma = getPrisma();
  const { workspaceId } = await createBenchAccount(prisma);

  const document: BotDocument = generateFlow({ groupCount: 25, blockCount: 500, seed: 11 });
  const bot = await createTestBot(workspaceId, { name: "Replay bench", ...toAllStoredFlowColumns(document) });
  const versionId = createId();
  await prisma.publishedBot.create({
    data: { id: versionId, botId: bot.id, version: 1, name: bot.name, ...toAllStoredFlowColumns(document) },
  });
  await prisma.bot.update({ where: { id: bot.id }, data: { publishedBotId: versionId } });
  const flow: FlowSnapshot = {
    id: versionId,
    botId: bot.id,
    workspaceId,
    version: "6.1",
    publishedAt: new Date().toISOString(),
    ...document,
  };

  // The conversations, as visitors had them: each its own choices, stored turn by turn as the runtime does.
  const startedAt = Date.now();
  for (let index = 0; index < RESULTS; index++) {
    const resultId = `bench-result-${String(index).padStart(4, "0")}`;
    const { ports } = createStubbedPorts(createTestPorts({ seed: index + 1 }), []);
    const outcomes: TurnOutcome[] = [];
    let outcome = await startChat(
      {
        flow,
        isPreview: false,
        resultId,
        isStreamEnabled: false,
        isOnlyRegistering: false,
        textBubbleContentFormat: "richText",
      },
      ports,
    );
    outcomes.push(outcome);
    for (let turn = 0; turn < TURNS && !outcome.isCompleted && outcome.response.input; turn++) {
      outcome = await continueChat(
        {
          flow,
          state: outcome.state,
          message: answerFor(outcome, index + turn),
          textBubbleContentFormat: "richText",
          isStateHandedOver: true,
        },
        ports,
      );
      outcomes.push(outcome);
    }
    const answers = outcomes.flatMap((turn) => turn.newAnswers);
    await prisma.result.create({
      data: {
        id: resultId,
        botId: bot.id,
        workspaceId,
        publishedBotId: versionId,
        createdAt: new Date(startedAt - index * 1000),
        hasStarted: answers.length > 0,
        isCompleted: outcome.isCompleted,
        variables: outcome.result.variables as never,
        answers: {
          createMany: {
            data: answers.map((answer) => ({
              id: `${resultId}-a${answer.index}`,
              index: answer.index,
              blockId: answer.blockId,
              groupId: answer.groupId,
              itemId: answer.itemId ?? null,
              content: answer.content,
            })),
          },
        },
        visitedEdges: {
          createMany: {
            data: outcomes
              .flatMap((turn) => turn.visitedEdges)
              .map((edge) => ({ index: edge.index, edgeId: edge.edgeId })),
          },
        },
        logs: {
          createMany: {
            data: outcomes
              .flatMap((turn) => turn.logsToPersist)
              .map((log, logIndex) => ({
                id: `${resultId}-l${logIndex}`,
                botId: bot.id,
                status: log.status,
                description: log.description,
                details: log.details ?? null,
                context: log.context ?? null,
              })),
          },
        },
      },
    });
  }
  const stored = await prisma.result.count({ where: { botId: bot.id, hasStarted: true } });
  const answerCount = await prisma.answer.count({ where: { result: { botId: bot.id } } });
  console.log(`500-block bot: ${stored} results with answers, ${answerCount} answers stored`);
  await prisma.$executeRawUnsafe(`VACUUM ANALYZE "Result", "Answer", "Log"`);

  // The changed draft: every condition's first comparison, and the e-mail inputs of every third group.
  const draft = structuredClone(document) as BotDocument;
  for (const [groupIndex, group] of draft.groups.entries())
    for (const block of group.blocks as {
      type: string;
      items?: { content?: { comparisons?: { comparisonOperator?: string }[] } }[];
    }[]) {
      if (block.type === "Condition")
        for (const comparison of block.items?.[0]?.content?.comparisons ?? [])
          comparison.comparisonOperator = "Is empty";
      if (block.type === "email input" && groupIndex % 3 === 2) block.type = "number input";
    }

  const tsx = path.join(import.meta.dirname, "..", "node_modules", "tsx", "dist", "cli.mjs");
  const worker = path.join(import.meta.dirname, "replay", "replayWorker.ts");
  const { createReplayRow } = await import("@parley/api/replays/botReplays");
  const runReplay = async (draftDocument: BotDocument, limit: number): Promise<ReplayRun> => {
    await prisma.bot.update({
      where: { id: bot.id },
      data: { ...toAllStoredFlowColumns(draftDocument), updatedAt: new Date() },
    });
    const row = await createReplayRow(prisma, {
      bot,
      userId: (await prisma.user.findFirstOrThrow()).id,
      limit,
    });
    const child = spawnSync(process.execPath, [tsx, worker, postgres.connectionString, row.id], {
      encoding: "utf8",
      maxBuffer: 1024 * 1024,
    });
    if (child.status !== 0) throw new Error(`replay worker failed: ${child.stderr}`);
    return JSON.parse(child.stdout.trim().split("\n").pop() ?? "{}") as ReplayRun;
  };
  await runReplay(document, SMALL); // warm-up: PostgreSQL's caches
  const baseline = await runReplay(document, RESULTS);
  const changed = await runReplay(draft, RESULTS);
  const small = await runReplay(draft, SMALL);
  await prisma.$disconnect();
  console.log("baseline (same version):", baseline.summary);
  console.log("changed draft:", changed.summary);
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  recordFigures(
    [
      latencyFigure("replay: 1,000 results, 500-block bot (wall time)", changed.ms, baseline.ms),
      latencyFigure("replay: 1,000 results, peak RSS", changed.peakRssMb, baseline.peakRssMb, "MB"),
      latencyFigure("replay: 1,000 results, peak heap", changed.peakHeapMb, baseline.peakHeapMb, "MB"),
      latencyFigure("replay: 100 results, peak RSS", small.peakRssMb, null, "MB"),
      countFigure(
        "replay: conversations that change (of 1,000)",
        RESULTS - (changed.summary.samePath ?? 0),
        "results",
      ),
    ],
    { replacing: "replay:" },
  );
  console.log(`load average: ${load}`);
  const checks: [string, boolean][] = [
    ["1,000 results replayed <= 30 s", changed.ms <= 30_000],
    [
      "every result replayed",
      Object.values(changed.summary).reduce((sum, count) => sum + count, 0) === RESULTS,
    ],
  ];
  for (const [name, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${name}`);
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
} finally {
  await postgres.stop();
}

/** A visitor's answer to what the bot asks: a button by the conversation's index, else a text fit for the input. */
function answerFor(outcome: TurnOutcome, index: number): ChatMessage {
  const input = outcome.response.input;
  const items =
    input && "items" in input && Array.isArray(input.items)
      ? (input.items as { id: string; content?: string }[])
      : [];
  const labelled = items.filter((item) => typeof item.content === "string" && item.content.trim() !== "");
  const choice = labelled[index % Math.max(labelled.length, 1)];
  if (choice?.content) return { type: "text", text: choice.content, metadata: { replyId: choice.id } };
  // Within the sample number input's 0–120: a visitor whose answer is refused would repeat it every turn.
  if (input?.type === "number input") return { type: "text", text: String((index % 100) + 1) };
  if (input?.type === "email input") return { type: "text", text: `visitor${index}@example.com` };
  return { type: "text", text: `Answer ${index}` };
}
