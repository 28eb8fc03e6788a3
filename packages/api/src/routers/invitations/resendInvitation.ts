import { renewWorkspaceInvitation } from "@parley/platform/accounts/workspaceInvitations";
import { idSchema } from "@parley/schemas/management/common";
import { sentWorkspaceInvitationSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { sendInvitation } from "../../accounts/sendInvitation";
import { readWriteErrors } from "../errorLists";

export const resendInvitation = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/workspaces/{workspaceId}/invitations/{invitationId}/resend",
      tags: ["Members"],
      summary: "Resend an invitation",
      description:
        "ADMIN only. A new link, valid 7 days (the previous one stops working), e-mailed when the install has SMTP.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ workspaceId: idSchema, invitationId: idSchema }))
  .output(z.object({ invitation: sentWorkspaceInvitationSchema }))
  .mutation(async ({ ctx, input }) => {
    const renewed = await renewWorkspaceInvitation(ctx.prisma, {
      workspaceId: ctx.access.workspaceId,
      invitationId: input.invitationId,
    });
    return { invitation: await sendInvitation(ctx.prisma, renewed, ctx.logger) };
  });
