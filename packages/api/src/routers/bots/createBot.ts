import { createId, Prisma } from "@parley/db";
import { toStoredFlowColumns } from "@parley/db/storedFlow";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import {
  applySettingsDefaults,
  applyThemeDefaults,
  type BotDocument,
  botCreateSchema,
  latestBotVersion,
} from "@parley/schemas";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { assertBotDocument } from "../../bots/assertBotDocument";
import { assertBotReferences } from "../../bots/assertBotReferences";
import { botOutputSchema } from "../../bots/botOutputSchemas";
import { createPublicId } from "../../bots/createPublicId";
import { toBot } from "../../bots/toBot";
import { notifyCustomDomainChange } from "../../custom-domains/notifyCustomDomainChange";
import { readWriteErrors } from "../errorLists";

export const createBot = workspaceProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots",
      tags: ["Bots"],
      summary: "Create a bot",
      description:
        'A new draft in the workspace (MEMBER or ADMIN). `bot` takes every field PATCH /bots/{botId} writes, validated the same way; without `events` it has one start event, and without `publicId` a slug of the name plus a random suffix (null: none). A field it does not take is BAD_REQUEST `UNKNOWN_FIELD`. Details: docs/api.md, "Bots".',
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ workspaceId: idSchema, bot: botCreateSchema.default({}) }))
  .output(botOutputSchema)
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const { bot } = input;
    const name = bot.name?.trim() || "My bot";
    const document: BotDocument = {
      events: bot.events ?? [{ id: createId(), type: "start", graphCoordinates: { x: 0, y: 0 } }],
      groups: bot.groups ?? [],
      edges: bot.edges ?? [],
      variables: bot.variables ?? [],
      theme: applyThemeDefaults(bot.theme),
      settings: applySettingsDefaults(bot.settings),
    };
    assertBotDocument(document, ["bot"]);
    await assertBotReferences(ctx.prisma, {
      workspaceId,
      pathPrefix: ["bot"],
      fields: bot,
    });
    const publicId = bot.publicId === undefined ? await createPublicId(ctx.prisma, name) : bot.publicId;
    const created = await ctx.prisma.$transaction(async (tx) => {
      const row = await tx.bot.create({
        data: {
          id: createId(),
          version: latestBotVersion,
          workspaceId,
          name,
          icon: bot.icon ?? null,
          folderId: bot.folderId ?? null,
          publicId,
          customDomain: bot.customDomain ?? null,
          isClosed: bot.isClosed ?? false,
          messagingCredentialsId: bot.messagingCredentialsId ?? null,
          selectedThemeTemplateId: bot.selectedThemeTemplateId ?? null,
          resultsTablePreferences: bot.resultsTablePreferences ?? Prisma.DbNull,
          tests: (bot.tests ?? []) as Prisma.InputJsonValue,
          ...toStoredFlowColumns(document),
        },
      });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "bot.created",
        workspaceId,
        target: { type: "bot", id: row.id },
      });
      return row;
    });
    // Viewers may hold the new domain's host as unknown in their caches.
    if (created.customDomain) await notifyCustomDomainChange(ctx.prisma, [created.customDomain]);
    return { bot: toBot(created) };
  });
