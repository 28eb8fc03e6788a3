import { botSchema } from "@parley/schemas";
import { idSchema } from "@parley/schemas/management/common";
import { jsonValueSchema, textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { importBotExports } from "../../bots/importBotExports";
import { readWriteErrors } from "../errorLists";

export const importWarningSchema = z.object({
  message: textSchema,
  path: z.array(z.union([textSchema, z.number()])),
});

/** What an import converts, repairs and keeps unsupported (docs/api.md, "Importing bots"). */
export const importDescription =
  "Accepts this product's own export (a `bot` as GET returns it) and Typebot exports of schema versions 3 to 6.1, whose `typebot*` fields are renamed `bot*`; the flow is migrated to the latest version and checked, imported code is marked unsafe. Nothing Typebot accepts is refused: a block of a kind this product does not run (a Typebot plug-in such as `elevenlabs`, or any unknown type) is kept whole as an `unsupported` block (skipped at run time with a log line, given back unchanged by the builder's export); the AI plug-ins `groq`, `together-ai`, `open-router`, `perplexity` and `deepseek` become `openai-compatible` blocks with their provider's base URL; ids used twice get new ones (`<id>-2`…) with their references re-pointed; references to deleted things are dropped. Credentials ids that do not exist in the workspace are removed from their blocks. The exported publicId is kept when it is free, else a new one is made. `warnings` lists every conversion, repair and unsupported block, each with its path in the export.";

export const importBot = workspaceProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/import",
      tags: ["Bots"],
      summary: "Import a bot",
      description: `Creates a bot from an export. ${importDescription} To import several bots that link to each other, use POST /bots/importMany.`,
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      workspaceId: idSchema,
      bot: jsonValueSchema.describe("The exported JSON: a bot, or `{typebot: …}` / `{bot: …}`"),
      folderId: idSchema.nullable().optional(),
    }),
  )
  .output(z.object({ bot: botSchema, warnings: z.array(importWarningSchema) }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const [imported] = await importBotExports(ctx.prisma, {
      workspaceId,
      folderId: input.folderId,
      audit: auditRequestOf(ctx),
      exports: [input.bot],
      pathOf: () => ["bot"],
    });
    return imported!;
  });
