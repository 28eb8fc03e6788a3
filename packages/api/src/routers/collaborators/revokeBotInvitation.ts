import { revokeBotInvitation as revoke } from "@parley/platform/accounts/botSharing";
import { idSchema, successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { memberBotProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";

export const revokeBotInvitation = memberBotProcedure("write")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/bots/{botId}/invitations/{invitationId}",
      tags: ["Sharing"],
      summary: "Revoke an invitation to a bot",
      description:
        "MEMBER or ADMIN of the bot's workspace. Its link stops working; NOT_FOUND when the bot has no such pending invitation.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ botId: idSchema, invitationId: idSchema }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await revoke(
      ctx.prisma,
      { botId: input.botId, workspaceId: ctx.access.workspaceId, invitationId: input.invitationId },
      auditRequestOf(ctx),
    );
    return { message: "success" as const };
  });
