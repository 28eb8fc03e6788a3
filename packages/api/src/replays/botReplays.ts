import type { BotModel, Database, Prisma } from "@parley/db";
import { createId } from "@parley/db";
import { defineJob, getJobQueue, type JobQueue } from "@parley/db/queue";
import { storedFlowSelect, toDraftFlowSnapshot, toPublishedFlowSnapshot } from "@parley/db/storedFlow";
import type { FlowSnapshot, RecordedResult, ReplayedConversation, TranscriptLine } from "@parley/engine";
import { replayResult } from "@parley/engine";
import type { Logger } from "@parley/platform/logger";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { createBotTestPorts } from "../bot-tests/runBotTests";

/**
 * "What would change?" (docs/replay.md): the bot's last results, newest first, replayed through its draft with the
 * bot-test machinery (each through the version it ran on too, to compare). A small replay runs in the request; a
 * larger one is a `bot.replay` job on the durable queue (one process of the cluster runs it). Bounded: at most
 * `maxReplayLimit` results, read `pageSize` at a time, and `replayTimeLimitMs` of wall time.
 */
export const maxReplayLimit = 1000;
/** Replays of up to this many results answer at once; larger ones are queued. */
export const inlineReplayLimit = 50;
/** The wall time a replay may take; the report says when it stopped before the last result. */
export const replayTimeLimitMs = 120_000;
const pageSize = 50;
/** How often a running replay's report so far is written (its count is written after every page). */
const reportIntervalMs = 5_000;
/** Published versions a replay keeps parsed at a time (results made on older ones load theirs). */
const cachedVersions = 20;

export const botReplayJob = defineJob({
  name: "bot.replay",
  payload: z.object({ replayId: textSchema }),
  retryLimit: 1,
  retryDelaySeconds: 10,
  timeoutSeconds: Math.ceil(replayTimeLimitMs / 1000) + 180,
  onePerKey: true,
});

export type ReplayStatus = "queued" | "running" | "done" | "failed";
export const replayVerdicts = ["samePath", "otherPath", "refused", "error", "notReplayable"] as const;
export type ReplayVerdictStatus = (typeof replayVerdicts)[number];

/** One conversation of a replay as stored: its verdict, flat, and the draft's transcript when it differs. */
export interface StoredReplayConversation {
  resultId: string;
  status: ReplayVerdictStatus;
  blockId: string | null;
  detail: string | null;
  storedNextBlockId: string | null;
  draftNextBlockId: string | null;
  draftTranscript: TranscriptLine[];
}

export type BotReplayRow = Prisma.BotReplayGetPayload<object>;

/** A replay in progress or in the queue for this bot, if any: one at a time per bot. */
export function findActiveReplay(prisma: Database, botId: string) {
  return prisma.botReplay.findFirst({
    where: { botId, status: { in: ["queued", "running"] } },
    select: { id: true },
  });
}

/** Creates the replay's row (queued) inside the caller's transaction. */
export function createReplayRow(
  tx: Pick<Database, "botReplay">,
  params: { bot: Pick<BotModel, "id" | "workspaceId">; userId: string; limit: number },
) {
  return tx.botReplay.create({
    data: {
      id: createId(),
      botId: params.bot.id,
      workspaceId: params.bot.workspaceId,
      createdById: params.userId,
      status: "queued",
      limit: params.limit,
    },
  });
}

export function enqueueReplay(replayId: string, queue: JobQueue = getJobQueue()) {
  return queue.enqueue(botReplayJob, { replayId }, { key: replayId });
}

/**
 * Runs a queued replay: its results page by page (each result's answers and logs, the version it ran on), each
 * replayed, the progress written after every page. A replay already finished is left as it is; one whose process
 * died starts over. Errors of the run itself leave it `failed` with the reason.
 */
export async function runReplay(
  prisma: Database,
  replayId: string,
  options: { timeLimitMs?: number; now?: () => number } = {},
): Promise<void> {
  const now = options.now ?? Date.now;
  const replay = await prisma.botReplay.findUnique({ where: { id: replayId } });
  if (!replay || replay.status === "done" || replay.status === "failed") return;
  const bot = await prisma.bot.findUnique({
    where: { id: replay.botId },
    select: { ...storedFlowSelect, id: true, workspaceId: true, version: true, updatedAt: true },
  });
  if (!bot) return;
  const startedAt = now();
  const deadline = startedAt + (options.timeLimitMs ?? replayTimeLimitMs);
  try {
    const draft = toDraftFlowSnapshot(bot.id, bot.workspaceId, bot);
    const resultIds = await prisma.result.findMany({
      where: { botId: bot.id, hasStarted: true, publishedBotId: { not: null } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: replay.limit,
      select: { id: true },
    });
    await prisma.botReplay.update({
      where: { id: replayId },
      data: {
        status: "running",
        startedAt: new Date(startedAt),
        total: resultIds.length,
        processed: 0,
        conversations: [],
        stoppedEarly: false,
        draftUpdatedAt: bot.updatedAt,
        updatedAt: new Date(),
      },
    });
    const ports = createBotTestPorts(prisma);
    const versions = new Map<string, FlowSnapshot | null>();
    const conversations: StoredReplayConversation[] = [];
    let stoppedEarly = false;
    // The report so far is written at most every `reportIntervalMs` (the count after every page): writing the
    // whole growing report after each page made a large replay's writes grow with the square of its size.
    let reportedAt = now();
    for (let start = 0; start < resultIds.length && !stoppedEarly; start += pageSize) {
      const page = await readResults(
        prisma,
        resultIds.slice(start, start + pageSize).map((row) => row.id),
      );
      for (const result of page) {
        if (now() >= deadline) {
          stoppedEarly = true;
          break;
        }
        const recordedFlow = await loadVersion(prisma, versions, result.publishedBotId, bot.workspaceId);
        const replayed = await replayResult({ recordedFlow, draft, result, ports });
        conversations.push(toStored(replayed));
      }
      const isReportDue = now() - reportedAt >= reportIntervalMs;
      await prisma.botReplay.update({
        where: { id: replayId },
        data: {
          processed: conversations.length,
          ...(isReportDue ? { conversations: conversations as unknown as Prisma.InputJsonValue } : {}),
          updatedAt: new Date(),
        },
      });
      if (isReportDue) reportedAt = now();
    }
    await prisma.botReplay.update({
      where: { id: replayId },
      data: {
        status: "done",
        stoppedEarly,
        processed: conversations.length,
        conversations: conversations as unknown as Prisma.InputJsonValue,
        finishedAt: new Date(now()),
        updatedAt: new Date(),
      },
    });
  } catch (error) {
    await prisma.botReplay.update({
      where: { id: replayId },
      data: {
        status: "failed",
        error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
        finishedAt: new Date(now()),
        updatedAt: new Date(),
      },
    });
    throw error;
  }
}

/** Results with their answers (in order), the logs that name a block and the edges taken, in the order of `ids`. */
async function readResults(
  prisma: Database,
  ids: string[],
): Promise<(RecordedResult & { publishedBotId: string | null })[]> {
  const rows = await prisma.result.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      publishedBotId: true,
      variables: true,
      answers: {
        orderBy: { index: "asc" },
        select: { blockId: true, itemId: true, content: true, attachedFileUrls: true },
      },
      logs: {
        where: { context: { not: null } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { status: true, details: true, context: true },
      },
      visitedEdges: { orderBy: { index: "asc" }, select: { edgeId: true } },
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        publishedBotId: row.publishedBotId,
        answers: row.answers,
        logs: row.logs,
        visitedEdgeIds: row.visitedEdges.map((edge) => edge.edgeId),
        variables: Array.isArray(row.variables) ? (row.variables as RecordedResult["variables"]) : [],
      },
    ];
  });
}

async function loadVersion(
  prisma: Database,
  cache: Map<string, FlowSnapshot | null>,
  publishedBotId: string | null,
  workspaceId: string,
): Promise<FlowSnapshot | null> {
  if (!publishedBotId) return null;
  if (cache.has(publishedBotId)) return cache.get(publishedBotId) ?? null;
  const row = await prisma.publishedBot.findUnique({
    where: { id: publishedBotId },
    select: { ...storedFlowSelect, id: true, botId: true, schemaVersion: true, createdAt: true },
  });
  const flow = row ? toPublishedFlowSnapshot({ ...row, workspaceId }) : null;
  if (cache.size >= cachedVersions) cache.delete(cache.keys().next().value as string);
  cache.set(publishedBotId, flow);
  return flow;
}

function toStored(replayed: ReplayedConversation): StoredReplayConversation {
  const { verdict } = replayed;
  const base = {
    resultId: replayed.resultId,
    status: verdict.status,
    storedNextBlockId: null,
    draftNextBlockId: null,
  };
  // The same path keeps no transcript: it is the stored one.
  const draftTranscript = verdict.status === "samePath" ? [] : replayed.draftTranscript;
  switch (verdict.status) {
    case "samePath":
      return { ...base, blockId: null, detail: null, draftTranscript };
    case "otherPath":
      return {
        ...base,
        blockId: verdict.blockId,
        detail: null,
        storedNextBlockId: verdict.storedNextBlockId,
        draftNextBlockId: verdict.draftNextBlockId,
        draftTranscript,
      };
    case "refused":
      return { ...base, blockId: verdict.blockId, detail: verdict.answer, draftTranscript };
    case "error":
      return { ...base, blockId: verdict.blockId, detail: verdict.message, draftTranscript };
    case "notReplayable":
      return { ...base, blockId: verdict.blockId, detail: verdict.reason, draftTranscript };
  }
}

/** This process's share of the replay jobs (the builder runs them). Returns the stop function. */
export function startReplayWorker(
  prisma: Database,
  logger: Logger,
  queue: JobQueue = getJobQueue(),
): Promise<() => Promise<void>> {
  return queue.work(botReplayJob, async ({ replayId }) => {
    await runReplay(prisma, replayId);
    logger.info({ replayId }, "bot replay finished");
  });
}
