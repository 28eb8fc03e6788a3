import { changeBotCollaboratorRole } from "@parley/platform/accounts/botSharing";
import { botCollaboratorSchema, botRoleSchema } from "@parley/schemas/management/botCollaborators";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { memberBotProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";
import { toCollaborator } from "./toCollaborator";

export const updateBotCollaborator = memberBotProcedure("write")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/bots/{botId}/collaborators/{userId}",
      tags: ["Sharing"],
      summary: "Change a collaborator's role",
      description:
        "MEMBER or ADMIN of the bot's workspace. VIEWER or EDITOR; NOT_FOUND when the bot is not shared with this user.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ botId: idSchema, userId: idSchema, role: botRoleSchema }))
  .output(z.object({ collaborator: botCollaboratorSchema }))
  .mutation(async ({ ctx, input }) => {
    const row = await changeBotCollaboratorRole(
      ctx.prisma,
      { botId: input.botId, workspaceId: ctx.access.workspaceId, userId: input.userId, role: input.role },
      auditRequestOf(ctx),
    );
    return { collaborator: toCollaborator(row) };
  });
