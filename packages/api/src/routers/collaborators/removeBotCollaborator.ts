import { removeBotCollaborator as unshare } from "@parley/platform/accounts/botSharing";
import { idSchema, successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { memberBotProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";

export const removeBotCollaborator = memberBotProcedure("write")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/bots/{botId}/collaborators/{userId}",
      tags: ["Sharing"],
      summary: "Stop sharing a bot with someone",
      description:
        "MEMBER or ADMIN of the bot's workspace. The person loses the bot at their next request; NOT_FOUND when it was not shared with them.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ botId: idSchema, userId: idSchema }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await unshare(
      ctx.prisma,
      { botId: input.botId, workspaceId: ctx.access.workspaceId, userId: input.userId },
      auditRequestOf(ctx),
    );
    return { message: "success" as const };
  });
