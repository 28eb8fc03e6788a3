import { publishWarningSchema } from "@parley/schemas/management/bots";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { publishBotVersion } from "../../bots/publishBotVersion";
import { publishErrors } from "../errorLists";

export const publishBot = botProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/publish",
      tags: ["Publishing"],
      summary: "Publish a bot",
      description:
        "Snapshots the draft into a new published version (kept in the history, see /versions), which new chats start on; running chats keep their version until updateBot. The first publish creates the bot's chat key. `warnings` lists well-known brand names found in the bot's name or texts (`trademarkInfringement`); the bot's `riskLevel` (0-100) is updated. A missing or inaccessible bot is FORBIDDEN; an invalid draft is BAD_REQUEST.",
      protect: true,
      errorResponses: publishErrors,
    },
  })
  .output(z.object({ message: z.literal("success"), warnings: z.array(publishWarningSchema) }))
  .mutation(async ({ ctx, input }) => {
    const warnings = await publishBotVersion(ctx.prisma, input.botId, ctx.user.id);
    return { message: "success" as const, warnings };
  });
