import type { Database } from "@parley/db";
import type { UploadStorage } from "@parley/integrations/files/createUploadStorage";

const DAY_MS = 86_400_000;
/** Results deleted per transaction: each batch is one short transaction, never one per bot. */
const RESULTS_PER_BATCH = 500;
/** Logs and result-less sessions deleted per statement. */
const ROWS_PER_BATCH = 1000;
/** Batches that delete something, per run at most (all bots together): a large backlog takes several runs. */
const MAX_BATCHES_PER_RUN = 100;
/** Results whose files are deleted at the same time (two folders each: public and private). */
const FILE_CONCURRENCY = 8;

/** What the retention deleted for one bot in one run. */
export interface RetentionDeletion {
  workspaceId: string;
  botId: string;
  /** The bot's effective retention: its own, else its workspace's. */
  retentionDays: number;
  /** Results created before this instant were deleted. */
  cutoff: Date;
  results: number;
  answers: number;
  logs: number;
  sessions: number;
  files: number;
}

export interface RetentionRun {
  deletions: RetentionDeletion[];
  /** False when the run stopped at its batch budget with more to delete (the next run goes on). */
  isComplete: boolean;
}

interface RetentionBot {
  id: string;
  workspaceId: string;
  days: number;
}

/**
 * The data retention (docs/deploy.md, "Data retention"): for every bot whose retention is set (its own,
 * else its workspace's), deletes the results created more than that many days before `now` (`createdAt`
 * strictly before the cutoff), with their answers, visited edges, logs, result webhook deliveries and
 * pending events, the chat sessions that write to them (a conversation still open ends: its next turn
 * answers SESSION_NOT_FOUND) with their replayed responses, and their uploaded files on local disk or in
 * the S3 bucket (every key under `<public|private>/<workspace>/<bot>/<result>/`). Then the bot's other logs
 * and its sessions without a result (previews, chats not started) created before the cutoff.
 *
 * Files go first, so that a storage failure leaves the rows to find them again on the next run; then the
 * rows, in one short transaction per batch of 500 results; then the files once more (an upload that
 * arrived meanwhile). Bots without retention, and other workspaces, are never read.
 */
export async function deleteExpiredData(
  prisma: Database,
  storage: UploadStorage,
  options: {
    now?: Date;
    /** Results per batch (500). */
    batchSize?: number;
    /** Batches per run, all bots together (100). */
    maxBatches?: number;
    /**
     * A storage failure: before the rows (the bot's batch is left whole and the run goes on with the next
     * bot) or after them (a late upload left behind). Without it, the first failure rejects the run.
     */
    onStorageError?: (error: unknown, context: { botId: string; folder?: string }) => void;
  } = {},
): Promise<RetentionRun> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? RESULTS_PER_BATCH;
  let budget = options.maxBatches ?? MAX_BATCHES_PER_RUN;
  const bots = await prisma.$queryRaw<RetentionBot[]>`
    SELECT b.id, b."workspaceId", COALESCE(b."retentionDays", w."retentionDays") AS days
    FROM "Bot" b JOIN "Workspace" w ON w.id = b."workspaceId"
    WHERE COALESCE(b."retentionDays", w."retentionDays") IS NOT NULL
    ORDER BY b.id`;
  const deletions: RetentionDeletion[] = [];
  for (const bot of bots) {
    const cutoff = new Date(now.getTime() - bot.days * DAY_MS);
    const deletion: RetentionDeletion = {
      workspaceId: bot.workspaceId,
      botId: bot.id,
      retentionDays: bot.days,
      cutoff,
      results: 0,
      answers: 0,
      logs: 0,
      sessions: 0,
      files: 0,
    };
    // Only batches that delete something count against the budget: a bot with nothing due costs three
    // indexed reads, so every bot is reached on every run.
    const stop = () => {
      if (hasDeleted(deletion)) deletions.push(deletion);
      return { deletions, isComplete: false };
    };
    for (;;) {
      if (budget <= 0) return stop();
      const batch = await prisma.$queryRaw<{ id: string }[]>`
        SELECT id FROM "Result" WHERE "botId" = ${bot.id} AND "createdAt" < ${cutoff}
        ORDER BY "createdAt" LIMIT ${batchSize}`;
      const resultIds = batch.map((row) => row.id);
      if (resultIds.length === 0) break;
      budget--;
      const folders = resultFolders(bot, resultIds);
      try {
        deletion.files += await deleteFolders(storage, folders);
      } catch (error) {
        if (!options.onStorageError) throw error;
        options.onStorageError(error, { botId: bot.id });
        break;
      }
      const rows = await deleteResultRows(prisma, resultIds);
      deletion.results += rows.results;
      deletion.answers += rows.answers;
      deletion.logs += rows.logs;
      deletion.sessions += rows.sessions;
      deletion.files += await deleteFolders(storage, folders, (error, folder) => {
        if (!options.onStorageError) throw error;
        options.onStorageError(error, { botId: bot.id, folder });
      });
      if (resultIds.length < batchSize) break;
    }
    for (;;) {
      if (budget <= 0) return stop();
      const logs = await prisma.$executeRaw`
        DELETE FROM "Log" WHERE id IN (
          SELECT id FROM "Log" WHERE "botId" = ${bot.id} AND "createdAt" < ${cutoff} LIMIT ${ROWS_PER_BATCH})`;
      deletion.logs += logs;
      if (logs === 0) break;
      budget--;
      if (logs < ROWS_PER_BATCH) break;
    }
    for (;;) {
      if (budget <= 0) return stop();
      const sessions = await prisma.$transaction(async (tx) => {
        const deleted = await tx.$queryRaw<{ id: string }[]>`
          DELETE FROM "ChatSession" WHERE id IN (
            SELECT id FROM "ChatSession"
            WHERE "botId" = ${bot.id} AND "resultId" IS NULL AND "createdAt" < ${cutoff} LIMIT ${ROWS_PER_BATCH})
          RETURNING id`;
        const ids = deleted.map((row) => row.id);
        if (ids.length > 0)
          await tx.$executeRaw`DELETE FROM "ChatTurnRecord" WHERE "sessionId" = ANY(${ids})`;
        return ids.length;
      });
      deletion.sessions += sessions;
      if (sessions === 0) break;
      budget--;
      if (sessions < ROWS_PER_BATCH) break;
    }
    if (hasDeleted(deletion)) deletions.push(deletion);
  }
  return { deletions, isComplete: true };
}

const hasDeleted = (deletion: RetentionDeletion) =>
  deletion.results + deletion.logs + deletion.sessions + deletion.files > 0;

/** Where a result's files are kept: `resolveUploadTarget`'s and the generated files' key prefix. */
function resultFolders(bot: RetentionBot, resultIds: string[]): string[] {
  return resultIds.flatMap((resultId) =>
    ["public", "private"].map((visibility) => `${visibility}/${bot.workspaceId}/${bot.id}/${resultId}`),
  );
}

/**
 * Deletes every file under `folders`, a few folders at a time; resolves how many files went. Without
 * `onError` a storage failure rejects (nothing of the batch is deleted from the database then).
 */
async function deleteFolders(
  storage: UploadStorage,
  folders: string[],
  onError?: (error: unknown, folder: string) => void,
): Promise<number> {
  let deleted = 0;
  let next = 0;
  const worker = async () => {
    while (next < folders.length) {
      const folder = folders[next++] as string;
      try {
        // Read the count first: `deleted += await …` would add to the value read before the wait.
        const count = await storage.deleteFolder(folder);
        deleted += count;
      } catch (error) {
        if (!onError) throw error;
        onError(error, folder);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(FILE_CONCURRENCY, folders.length) }, worker));
  return deleted;
}

/**
 * One short transaction: the sessions writing to the results (and their replayed responses), the rows
 * that name the results without a foreign key (pending webhook events), then the results, whose foreign
 * keys take visited edges and webhook deliveries; answers and logs are deleted by name to be counted.
 */
async function deleteResultRows(prisma: Database, resultIds: string[]) {
  return prisma.$transaction(async (tx) => {
    const sessions = await tx.$queryRaw<{ id: string }[]>`
      DELETE FROM "ChatSession" WHERE "resultId" = ANY(${resultIds}) RETURNING id`;
    const sessionIds = sessions.map((row) => row.id);
    if (sessionIds.length > 0)
      await tx.$executeRaw`DELETE FROM "ChatTurnRecord" WHERE "sessionId" = ANY(${sessionIds})`;
    const logs = await tx.$executeRaw`DELETE FROM "Log" WHERE "resultId" = ANY(${resultIds})`;
    const answers = await tx.$executeRaw`DELETE FROM "Answer" WHERE "resultId" = ANY(${resultIds})`;
    await tx.$executeRaw`DELETE FROM "WebhookEvent" WHERE "resultId" = ANY(${resultIds})`;
    const results = await tx.$executeRaw`DELETE FROM "Result" WHERE id = ANY(${resultIds})`;
    return { results, answers, logs, sessions: sessionIds.length };
  });
}
