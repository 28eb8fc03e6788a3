import { Prisma } from "@parley/db";
import {
  isStoredAtOlderVersion,
  readStoredFlow,
  storedFlowParts,
  toLatestStoredFlow,
  toStoredFlowColumns,
} from "@parley/db/storedFlow";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { type BotDocument, botUpdateSchema, latestBotVersion } from "@parley/schemas";
import { canAccess } from "@parley/schemas/management/access";
import { idSchema } from "@parley/schemas/management/common";
import { retentionDaysSchema } from "@parley/schemas/management/retention";
import { z } from "zod";
import { botRowProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { assertBotDocument } from "../../bots/assertBotDocument";
import { assertBotReferences } from "../../bots/assertBotReferences";
import { botOutputSchema } from "../../bots/botOutputSchemas";
import { toBot } from "../../bots/toBot";
import { notifyCustomDomainChange } from "../../custom-domains/notifyCustomDomainChange";
import { readWriteErrors } from "../errorLists";

const conflict = () =>
  new AppError("BAD_REQUEST", [
    {
      message: "The bot was changed since you read it; send overwrite: true to replace it anyway",
      path: ["bot", "updatedAt"],
      code: "CONFLICT_NEWER_VERSION",
    },
  ]);

const retentionAdminOnly = () =>
  new AppError("FORBIDDEN", [
    { message: "Only a workspace ADMIN changes data retention", path: ["retentionDays"], code: "ADMIN_ONLY" },
  ]);

// A person the bot is shared with sees none of the workspace's folders: moving the bot is its members' choice.
const folderMembersOnly = () =>
  new AppError("FORBIDDEN", [
    {
      message: "Only a member of the bot's workspace moves it to another folder",
      path: ["bot", "folderId"],
      code: "WORKSPACE_MEMBERS_ONLY",
    },
  ]);

export const updateBot = botRowProcedure("write")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/bots/{botId}",
      tags: ["Bots"],
      summary: "Update a bot",
      description:
        'Replaces the given fields of the draft (MEMBER or ADMIN); `groups`, `events`, `edges`, `variables`, `theme` and `settings` are each replaced whole, then the flow is checked. A `bot.updatedAt` older than the stored one writes nothing unless `overwrite: true`: BAD_REQUEST `CONFLICT_NEWER_VERSION`. A field this endpoint does not take is BAD_REQUEST `UNKNOWN_FIELD`, never dropped; `riskLevel` is accepted and ignored. Beyond the spec, `retentionDays` (beside `bot`; ADMIN only) sets the bot\'s data retention. Details: docs/api.md, "Bots".',
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      botId: idSchema,
      bot: botUpdateSchema,
      overwrite: z.boolean().default(false),
      retentionDays: retentionDaysSchema
        .optional()
        .describe(
          "Beyond the spec: the bot's data retention in days (1 to 3650), overriding the workspace's, shorter or longer; null = the workspace's. ADMIN only.",
        ),
    }),
  )
  .output(botOutputSchema)
  .mutation(async ({ ctx, input }) => {
    const { bot: changes, overwrite, retentionDays } = input;
    const current = ctx.bot;
    if (retentionDays !== undefined && !canAccess(ctx.access.role, "admin")) throw retentionAdminOnly();
    if (ctx.access.isSharedOnly && changes.folderId !== undefined && changes.folderId !== current.folderId)
      throw folderMembersOnly();
    const isStale = changes.updatedAt !== undefined && new Date(changes.updatedAt) < current.updatedAt;
    if (isStale && !overwrite) throw conflict();
    // One `bot.edited` entry per saved update, in its transaction (the editor saves after a pause in typing).
    const recordEdit = (tx: Prisma.TransactionClient) =>
      appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "bot.edited",
        workspaceId: ctx.access.workspaceId,
        target: { type: "bot", id: current.id },
      });
    const writeRetention = async (tx: Prisma.TransactionClient) => {
      if (retentionDays === undefined) return;
      await tx.bot.update({ where: { id: current.id }, data: { retentionDays } });
    };
    // Retention alone is not an edit of the bot document: the draft and its updatedAt stay as they are.
    if (retentionDays !== undefined && Object.keys(changes).every((key) => key === "updatedAt")) {
      await ctx.prisma.$transaction(async (tx) => {
        await writeRetention(tx);
        await recordEdit(tx);
      });
      return { bot: toBot(current) };
    }
    const touchesFlow = storedFlowParts.some((key) => changes[key] !== undefined);
    if (touchesFlow) {
      const document: BotDocument = { ...readStoredFlow(current.version, current), ...pickFlow(changes) };
      assertBotDocument(document, ["bot"]);
    }
    await assertBotReferences(ctx.prisma, {
      workspaceId: ctx.access.workspaceId,
      botId: current.id,
      pathPrefix: ["bot"],
      fields: changes,
    });
    const updatedAt = new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1));
    const saved = await ctx.prisma.$transaction(async (tx) => {
      const [row] = await tx.bot.updateManyAndReturn({
        // Unless overwriting, write only over the version just read: a concurrent save wins the race cleanly.
        where: { id: current.id, isArchived: false, ...(overwrite ? {} : { updatedAt: current.updatedAt }) },
        data: {
          updatedAt,
          // A draft stored at an older schema version is saved whole, converted, with the changes.
          ...(touchesFlow
            ? {
                version: latestBotVersion,
                ...toStoredFlowColumns({
                  ...(isStoredAtOlderVersion(current.version)
                    ? toLatestStoredFlow(current.version, current)
                    : {}),
                  ...pickFlow(changes),
                }),
              }
            : {}),
          ...(changes.name !== undefined ? { name: changes.name.trim() || current.name } : {}),
          ...(changes.icon !== undefined ? { icon: changes.icon } : {}),
          ...(changes.selectedThemeTemplateId !== undefined
            ? { selectedThemeTemplateId: changes.selectedThemeTemplateId }
            : {}),
          ...(changes.folderId !== undefined ? { folderId: changes.folderId } : {}),
          ...(changes.publicId !== undefined ? { publicId: changes.publicId } : {}),
          ...(changes.customDomain !== undefined ? { customDomain: changes.customDomain } : {}),
          ...(changes.isClosed !== undefined ? { isClosed: changes.isClosed } : {}),
          ...(changes.messagingCredentialsId !== undefined
            ? { messagingCredentialsId: changes.messagingCredentialsId }
            : {}),
          ...(changes.resultsTablePreferences !== undefined
            ? { resultsTablePreferences: changes.resultsTablePreferences ?? Prisma.DbNull }
            : {}),
          ...(changes.tests !== undefined ? { tests: changes.tests as Prisma.InputJsonValue } : {}),
        },
      });
      if (!row) throw conflict();
      await writeRetention(tx);
      await afterRoutingChange(tx, current, row);
      await recordEdit(tx);
      return row;
    });
    return { bot: toBot(saved) };
  });

/**
 * A new custom domain is verified anew (its old check goes); a domain's routes change with the
 * bot's domain or public id: viewers and chat servers are told.
 */
async function afterRoutingChange(
  prisma: Prisma.TransactionClient,
  before: { id: string; customDomain: string | null; publicId: string | null },
  after: { customDomain: string | null; publicId: string | null },
) {
  const isDomainChanged = before.customDomain !== after.customDomain;
  if (isDomainChanged) await prisma.customDomainCheck.deleteMany({ where: { botId: before.id } });
  if (isDomainChanged || before.publicId !== after.publicId)
    await notifyCustomDomainChange(prisma, [before.customDomain, after.customDomain]);
}

function pickFlow(changes: z.infer<typeof botUpdateSchema>): Partial<BotDocument> {
  return Object.fromEntries(
    storedFlowParts.filter((key) => changes[key] !== undefined).map((key) => [key, changes[key]]),
  );
}
