import { createId, Prisma } from "@parley/db";
import { toStoredFlowColumns } from "@parley/db/storedFlow";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { idSchema, nameSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { memberBotProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { botOutputSchema } from "../../bots/botOutputSchemas";
import { createPublicId } from "../../bots/createPublicId";
import { toBot } from "../../bots/toBot";
import { readWriteErrors } from "../errorLists";

export const duplicateBot = memberBotProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/duplicate",
      tags: ["Bots"],
      summary: "Duplicate a bot",
      description:
        'A copy of the draft in the same workspace and folder, unpublished, with a new publicId; named "<name> (copy)" unless `name` is given.',
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ botId: idSchema, name: nameSchema.optional() }))
  .output(botOutputSchema)
  .mutation(async ({ ctx, input }) => {
    const source = await ctx.prisma.bot.findUniqueOrThrow({ where: { id: input.botId } });
    const name = input.name ?? `${source.name} (copy)`.slice(0, 255);
    const publicId = await createPublicId(ctx.prisma, name);
    const copy = await ctx.prisma.$transaction(async (tx) => {
      const created = await tx.bot.create({
        data: {
          id: createId(),
          version: source.version,
          workspaceId: source.workspaceId,
          folderId: source.folderId,
          name,
          icon: source.icon,
          isClosed: source.isClosed,
          selectedThemeTemplateId: source.selectedThemeTemplateId,
          resultsTablePreferences: source.resultsTablePreferences ?? Prisma.DbNull,
          tests: (source.tests ?? []) as Prisma.InputJsonValue,
          publicId,
          ...toStoredFlowColumns(source),
        },
      });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "bot.created",
        workspaceId: created.workspaceId,
        target: { type: "bot", id: created.id },
      });
      return created;
    });
    return { bot: toBot(copy) };
  });
