import { type BotModel, createId, type Database, Prisma } from "@parley/db";
import { readStoredFlow, toAllStoredFlowColumns, toLatestStoredFlow } from "@parley/db/storedFlow";
import { type AuditRequest, appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { generateChatKey } from "@parley/platform/auth/chatKeys";
import { AppError, issuesFromZodError } from "@parley/platform/errors";
import { type BotTestResult, botDocumentSchema, latestBotVersion } from "@parley/schemas";
import type { CanaryPublish } from "@parley/schemas/management/canary";
import { runBotTests } from "../bot-tests/runBotTests";
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
 * get consecutive numbers. The bot's tests run on the draft first: a failing one refuses the publish, unless
 * `isOverridingFailingTests` (an ADMIN's choice, checked by the caller), which the audit log records.
 * With `canary`, the new version is a canary release instead (docs/publishing.md): a share of new chats starts on
 * it, the bot's current version stays the others'; it replaces a running canary. A plain publish ends a running
 * canary (its version is no longer offered to new chats).
 * Resolves the assessment (warnings, the checker's included, riskLevel, signals).
 */
export async function publishBotVersion(
  prisma: Database,
  botId: string,
  audit: AuditRequest,
  {
    isOverridingFailingTests = false,
    canary,
  }: { isOverridingFailingTests?: boolean; canary?: CanaryPublish } = {},
) {
  const authorId = audit.actor.id;
  const draft = await prisma.bot.findUniqueOrThrow({ where: { id: botId } });
  if (canary && !draft.publishedBotId) throw canaryNeedsCurrentVersion();
  const flow = toLatestStoredFlow(draft.version, draft);
  const parsed = botDocumentSchema.safeParse(flow);
  if (!parsed.success) throw new AppError("BAD_REQUEST", issuesFromZodError(parsed.error));
  assertBotDocument(parsed.data, []);
  const flowWarnings = assertFlowCheck(parsed.data);
  // The texts as every reader lists them: the settings' built-in system messages included.
  assertTranslationsReviewed(readStoredFlow(draft.version, draft));
  const failingTests = await findFailingTests(prisma, draft);
  if (failingTests.length > 0 && !isOverridingFailingTests) throw testsFailed(failingTests);
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
        if (canary) {
          // Guarded: an unpublish committed since the draft was read leaves no current version to compare with.
          const { count } = await tx.bot.updateMany({
            where: { id: botId, publishedBotId: { not: null } },
            data: { riskLevel: risk.riskLevel, publicId },
          });
          if (count === 0) throw canaryNeedsCurrentVersion();
          const release = {
            publishedBotId: version.id,
            percent: canary.percent,
            startedAt: new Date(),
            rollbackDropPoints: canary.autoRollback?.maxDropPoints ?? null,
            rollbackMinStarts: canary.autoRollback?.minStarts ?? null,
          };
          await tx.canaryRelease.upsert({ where: { botId }, create: { botId, ...release }, update: release });
        } else {
          await tx.bot.update({
            where: { id: botId },
            data: { publishedBotId: version.id, riskLevel: risk.riskLevel, publicId },
          });
          await tx.canaryRelease.deleteMany({ where: { botId } });
        }
        await tx.chatKey.createMany({
          data: [{ id: createId(), botId, key: generateChatKey() }],
          skipDuplicates: true,
        });
        await appendAuditEntry(tx, audit, {
          action: "bot.published",
          workspaceId: draft.workspaceId,
          target: { type: "bot", id: botId },
        });
        if (canary)
          await appendAuditEntry(tx, audit, {
            action: "bot.canaryStarted",
            workspaceId: draft.workspaceId,
            target: { type: "bot", id: botId },
          });
        if (failingTests.length > 0)
          await appendAuditEntry(tx, audit, {
            action: "bot.publishedWithFailingTests",
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

function canaryNeedsCurrentVersion() {
  return new AppError("BAD_REQUEST", [
    {
      code: "NOT_PUBLISHED",
      message: "A canary release needs a published version for the other chats: publish the bot first",
      path: ["canary"],
    },
  ]);
}

/** The draft's failing tests, with their position in the bot's `tests`. */
async function findFailingTests(prisma: Database, draft: BotModel) {
  const report = await runBotTests(prisma, draft);
  return report.results.flatMap((result, index) => (result.status === "failed" ? [{ result, index }] : []));
}

/** One issue per failing test, at the test, saying its first difference (docs/bot-tests.md). */
function testsFailed(failing: { result: BotTestResult; index: number }[]): AppError {
  return new AppError(
    "BAD_REQUEST",
    failing.map(({ result, index }) => ({
      code: "BOT_TEST_FAILED",
      path: ["tests", index],
      message: `Test "${result.name}" failed at step ${(result.failure?.stepIndex ?? 0) + 1}: expected ${result.failure?.expected}; got ${result.failure?.actual}`,
    })),
  );
}
