import { createId, type Database, Prisma } from "@parley/db";
import { readStoredFlow, toAllStoredFlowColumns, toLatestStoredFlow } from "@parley/db/storedFlow";
import { type AuditRequest, appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { generateChatKey } from "@parley/platform/auth/chatKeys";
import { AppError, issuesFromZodError } from "@parley/platform/errors";
import { botDocumentSchema, latestBotVersion } from "@parley/schemas";
import { assertBotDocument } from "./assertBotDocument";
import { assertFlowCheck } from "./assertFlowCheck";
import { assertTranslationsReviewed } from "./assertTranslationsReviewed";
import { assessPublishRisk } from "./assessPublishRisk";
import { createPublicId } from "./createPublicId";

/**
 * Publishing: the draft (migrated if stored at an older version, validated)
 * becomes a new immutable version (number = previous + 1, author, time, the
 * flow) and the one chats start on; the bot gets a chat key on its first
 * publish and a publicId if it has none; the flow checker's errors refuse it; the risk assessment's riskLevel is
 * kept on the bot (a level an administrator cleared is assessed anew). Two concurrent publishes
 * get consecutive numbers. Resolves the assessment (warnings, the checker's included, riskLevel, signals).
 */
export async function publishBotVersion(prisma: Database, botId: string, audit: AuditRequest) {
  const authorId = audit.actor.id;
  const draft = await prisma.bot.findUniqueOrThrow({ where: { id: botId } });
  const flow = toLatestStoredFlow(draft.version, draft);
  const parsed = botDocumentSchema.safeParse(flow);
  if (!parsed.success) throw new AppError("BAD_REQUEST", issuesFromZodError(parsed.error));
  assertBotDocument(parsed.data, []);
  const flowWarnings = assertFlowCheck(parsed.data);
  // The texts as every reader lists them: the settings' built-in system messages included.
  assertTranslationsReviewed(readStoredFlow(draft.version, draft));
  const risk = assessPublishRisk({ ...parsed.data, name: draft.name });
  const publicId = draft.publicId ?? (await createPublicId(prisma, draft.name));
  for (let attempt = 0; ; attempt++) {
    try {
      await prisma.$transaction(async (tx) => {
        const latest = await tx.publishedBot.aggregate({ where: { botId }, _max: { version: true } });
        const version = await tx.publishedBot.create({
          data: {
            id: createId(),
            botId,
            version: (latest._max.version ?? 0) + 1,
            schemaVersion: latestBotVersion,
            authorId,
            name: draft.name,
            ...toAllStoredFlowColumns(flow),
          },
          select: { id: true },
        });
        await tx.bot.update({
          where: { id: botId },
          data: { publishedBotId: version.id, riskLevel: risk.riskLevel, publicId },
        });
        await tx.chatKey.createMany({
          data: [{ id: createId(), botId, key: generateChatKey() }],
          skipDuplicates: true,
        });
        await appendAuditEntry(tx, audit, {
          action: "bot.published",
          workspaceId: draft.workspaceId,
          target: { type: "bot", id: botId },
        });
      });
      return { ...risk, warnings: [...risk.warnings, ...flowWarnings] };
    } catch (error) {
      const isVersionRace = error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
      if (!isVersionRace || attempt >= 4) throw error;
    }
  }
}
