import { collaboratorSelect, shareBot as share } from "@parley/platform/accounts/botSharing";
import {
  botCollaboratorSchema,
  botInvitationSchema,
  botRoleSchema,
} from "@parley/schemas/management/botCollaborators";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { memberBotProcedure } from "../../access/procedures";
import { sendBotInvitation } from "../../accounts/sendInvitation";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";
import { toCollaborator } from "./toCollaborator";

export const shareBot = memberBotProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/collaborators",
      tags: ["Sharing"],
      summary: "Share a bot",
      description:
        "MEMBER or ADMIN of the bot's workspace. Shares this bot alone with an e-mail address as VIEWER (reads) or EDITOR (also edits and publishes): at once (`collaborator`) for a GUEST or a person it is shared with, else by an invitation (`invitation`, 7 days). A member whose role already gives it: `ALREADY_HAS_ACCESS`. Details: docs/api.md.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      botId: idSchema,
      collaborator: z.strictObject({
        email: z.email().max(254).meta({ example: "ada@example.com" }),
        role: botRoleSchema.default("VIEWER"),
      }),
    }),
  )
  .output(
    z.object({
      collaborator: botCollaboratorSchema.nullable().describe("Set when the bot was shared at once"),
      invitation: botInvitationSchema.nullable().describe("Set when the person was invited to the bot"),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const outcome = await share(
      ctx.prisma,
      {
        botId: input.botId,
        workspaceId: ctx.access.workspaceId,
        email: input.collaborator.email,
        role: input.collaborator.role,
        invitedById: ctx.user.id,
      },
      auditRequestOf(ctx),
    );
    if (outcome.kind === "invitation")
      return { collaborator: null, invitation: await sendBotInvitation(ctx.prisma, outcome, ctx.logger) };
    const collaborator = await ctx.prisma.botCollaborator.findUniqueOrThrow({
      where: { botId_userId: { botId: input.botId, userId: outcome.userId } },
      select: collaboratorSelect,
    });
    return { collaborator: toCollaborator(collaborator), invitation: null };
  });
