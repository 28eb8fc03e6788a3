import { renewWorkspaceInvitation } from "@parley/platform/accounts/workspaceInvitations";
import { idSchema } from "@parley/schemas/management/common";
import { workspaceInvitationSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { sendInvitation } from "../../accounts/sendInvitation";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";

export const resendInvitation = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/workspaces/{workspaceId}/invitations/{invitationId}/resend",
      tags: ["Members"],
      summary: "Resend an invitation",
      description: "ADMIN only. A new 7-day link replaces the previous one.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ workspaceId: idSchema, invitationId: idSchema }))
  .output(z.object({ invitation: workspaceInvitationSchema }))
  .mutation(async ({ ctx, input }) => {
    const renewed = await renewWorkspaceInvitation(
      ctx.prisma,
      {
        workspaceId: ctx.access.workspaceId,
        invitationId: input.invitationId,
      },
      auditRequestOf(ctx),
    );
    return { invitation: await sendInvitation(ctx.prisma, renewed, ctx.logger) };
  });
