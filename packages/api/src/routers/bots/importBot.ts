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

/** One imported bot and what its import converted or repaired. */
export const importedBotSchema = z
  .object({ bot: botSchema, warnings: z.array(importWarningSchema) })
  .meta({ id: "ImportedBot" });

/** What an import converts, repairs and keeps unsupported (docs/api.md, "Importing bots"). */
export const importDescription =
  "Accepts this product's own export (a `bot` as GET returns it) and Typebot's, schema versions 3 to 6.1, migrated to the latest version and checked; imported code is marked unsafe. Nothing Typebot accepts is refused: a kind this product does not run is kept as an `unsupported` block, broken references are repaired, and `warnings` lists each conversion and repair with its path (docs/api.md, \"Importing bots\").";

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
  .output(importedBotSchema)
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
