import { getUploadSettings } from "@parley/chat/core/files/getUploadSettings";
import { chatLimitStoreNames } from "@parley/chat/core/limits/chatRateLimits";
import type { Database } from "@parley/db";
import type { UploadStorage } from "@parley/integrations/files/createUploadStorage";
import { type AuditRequest, appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { getRateLimitStore, type RateLimitStore } from "@parley/platform/limits/rateLimits";
import type { Logger } from "@parley/platform/logger";

/** Results deleted per statement, so that a large workspace never holds one long transaction. */
const RESULTS_PER_BATCH = 1000;

export interface WorkspaceDeletionServices {
  storage?: UploadStorage;
  rateLimits?: RateLimitStore;
  logger?: Logger;
  /** Who deletes it: the `workspace.deleted` entry, written with the deletion (it outlives the workspace). */
  audit?: AuditRequest;
}

/**
 * Deletes a workspace and everything in it: its uploaded files first (local disk or S3, under
 * `public/<id>/` and `private/<id>/`: a failure there leaves the workspace whole, to be deleted again), its results (with their answers, visited edges, logs and
 * webhook deliveries) in batches of 1,000, then in one transaction the rows that name its bots or sessions
 * without a foreign key (logs without a result, pending webhook events, replayed chat responses) and the
 * workspace row, whose foreign keys take the rest (members, folders, bots and their versions, chat keys,
 * sessions, webhook subscriptions, test calls, custom domain checks, credentials with their messaging
 * conversations, invoices). Then the files a chat may have uploaded meanwhile, and its rate-limit counters
 * (its sessions', its chat keys'). Resolves what was removed.
 */
export async function deleteWorkspaceData(
  prisma: Database,
  workspaceId: string,
  services: WorkspaceDeletionServices = {},
) {
  const storage = services.storage ?? getUploadSettings().storage;
  const deleteFiles = async () => {
    let count = 0;
    for (const visibility of ["public", "private"])
      count += await storage.deleteFolder(`${visibility}/${workspaceId}`);
    return count;
  };
  let files = await deleteFiles();
  for (;;) {
    const deleted = await prisma.$executeRaw`
      DELETE FROM "Result" WHERE id IN (
        SELECT id FROM "Result" WHERE "workspaceId" = ${workspaceId} LIMIT ${RESULTS_PER_BATCH})`;
    if (deleted < RESULTS_PER_BATCH) break;
  }
  const { sessionIds, chatKeys } = await prisma.$transaction(async (tx) => {
    const bots = await tx.bot.findMany({
      where: { workspaceId },
      select: { id: true, chatKey: { select: { key: true } } },
    });
    const botIds = bots.map((bot) => bot.id);
    const sessions = await tx.chatSession.findMany({
      where: { botId: { in: botIds } },
      select: { id: true },
    });
    const ids = sessions.map((session) => session.id);
    await tx.chatTurnRecord.deleteMany({ where: { sessionId: { in: ids } } });
    await tx.log.deleteMany({ where: { botId: { in: botIds } } });
    await tx.webhookEvent.deleteMany({ where: { botId: { in: botIds } } });
    // Results a chat created meanwhile go with their bots (foreign keys).
    await tx.workspace.delete({ where: { id: workspaceId } });
    if (services.audit)
      await appendAuditEntry(tx, services.audit, {
        action: "workspace.deleted",
        workspaceId,
        target: { type: "workspace", id: workspaceId },
      });
    return { sessionIds: ids, chatKeys: bots.flatMap((bot) => (bot.chatKey ? [bot.chatKey.key] : [])) };
  });

  files += await deleteFiles().catch((error) => {
    services.logger?.error({ err: error, workspaceId }, "workspace deleted, but its last uploads were not");
    return 0;
  });
  const rateLimits = services.rateLimits ?? getRateLimitStore();
  await rateLimits.forget(chatLimitStoreNames.turnsPerSession, sessionIds);
  await rateLimits.forget(chatLimitStoreNames.startPerKey, chatKeys);
  services.logger?.info({ workspaceId, files, sessions: sessionIds.length }, "workspace deleted");
  return { files, sessions: sessionIds.length };
}
