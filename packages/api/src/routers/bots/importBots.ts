import { idSchema } from "@parley/schemas/management/common";
import { jsonValueSchema } from "@parley/schemas/text";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { importBotExports } from "../../bots/importBotExports";
import { readWriteErrors } from "../errorLists";
import { importedBotSchema } from "./importBot";

/** Enough for a Typebot workspace's linked bots; each export is still under the 1 MiB body limit. */
const maxBotsPerImport = 50;

export const importBots = workspaceProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/importMany",
      tags: ["Bots"],
      summary: "Import several bots",
      description: `Creates several bots from their exports at once: all of them or, on a refusal, none (issues are under \`bots.<index>\`). A bot link naming the exported id of another bot of the same import is re-pointed to its copy; a link to a bot found neither in the import nor in the workspace is kept with a warning. Each export is read as \`POST /bots/import\` reads one (this product's exports and Typebot's, conversions and repairs listed in \`warnings\`).`,
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      workspaceId: idSchema,
      bots: z
        .array(jsonValueSchema.describe("An exported bot, as POST /bots/import takes it"))
        .min(1)
        .max(maxBotsPerImport),
      folderId: idSchema.nullable().optional(),
    }),
  )
  .output(
    z.object({
      bots: z.array(importedBotSchema),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const bots = await importBotExports(ctx.prisma, {
      workspaceId,
      folderId: input.folderId,
      audit: auditRequestOf(ctx),
      exports: input.bots,
      pathOf: (index) => ["bots", index],
    });
    return { bots };
  });
