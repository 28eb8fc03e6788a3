import { createId } from "@parley/db";
import { clearUnknownCredentials } from "@parley/integrations/credentials/clearUnknownCredentials";
import { AppError } from "@parley/platform/errors";
import { botSchema, publicIdSchema, importBot as readBotExport } from "@parley/schemas";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { assertBotReferences } from "../../bots/assertBotReferences";
import { createPublicId } from "../../bots/createPublicId";
import { toBot } from "../../bots/toBot";
import { toFlowColumns } from "../../bots/toFlowColumns";
import { readWriteErrors } from "../errorLists";

const importWarningSchema = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])),
});

export const importBot = workspaceProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/import",
      tags: ["Bots"],
      summary: "Import a bot",
      description:
        "Creates a bot from an export: this product's own (a `bot` as GET returns it) or a Typebot export of schema version 5, 6 or 6.1 (3 and 4 too), whose `typebot*` fields are renamed `bot*`. The flow is migrated to the latest version and checked; imported code is marked unsafe. The exported publicId is kept when it is free, else a new one is made. Credentials ids that do not exist in the workspace are removed from their blocks (openai, anthropic, mistral, Email, payment…), each with a warning. `warnings` lists what could not be carried over.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.object({
      bot: z.unknown().describe("The exported JSON: a bot, or `{typebot: …}` / `{bot: …}`"),
      folderId: idSchema.nullable().optional(),
    }),
  )
  .output(z.object({ bot: botSchema, warnings: z.array(importWarningSchema) }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const imported = readBotExport(input.bot);
    if (!imported.success) {
      throw new AppError(
        "BAD_REQUEST",
        imported.issues.map((issue) => ({ ...issue, path: ["bot", ...(issue.path ?? [])] })),
      );
    }
    // Credentials ids of the source install are cleared (with a warning): the author picks new ones.
    const { flow: bot, warnings: credentialsWarnings } = await clearUnknownCredentials(
      ctx.prisma,
      workspaceId,
      imported.bot,
    );
    await assertBotReferences(ctx.prisma, {
      workspaceId,
      pathPrefix: [],
      fields: { folderId: input.folderId },
    });
    const exportedPublicId = publicIdSchema.safeParse(bot.publicId);
    const isFree =
      exportedPublicId.success &&
      !(await ctx.prisma.bot.findUnique({
        where: { publicId: exportedPublicId.data },
        select: { id: true },
      }));
    const created = await ctx.prisma.bot.create({
      data: {
        id: createId(),
        version: bot.version,
        workspaceId,
        folderId: input.folderId ?? null,
        name: bot.name,
        icon: bot.icon,
        selectedThemeTemplateId: bot.selectedThemeTemplateId,
        resultsTablePreferences: bot.resultsTablePreferences ?? undefined,
        publicId:
          isFree && exportedPublicId.success
            ? exportedPublicId.data
            : await createPublicId(ctx.prisma, bot.name),
        ...toFlowColumns(bot),
      },
    });
    return { bot: toBot(created), warnings: [...imported.warnings, ...credentialsWarnings] };
  });
