import { createWorkspaceInvitation } from "@parley/platform/accounts/workspaceInvitations";
import { idSchema } from "@parley/schemas/management/common";
import { workspaceInvitationSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { sendInvitation } from "../../accounts/sendInvitation";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";
import { newInvitationSchema } from "./newInvitationSchema";

export const createInvitation = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/workspaces/{workspaceId}/invitations",
      tags: ["Members"],
      summary: "Invite someone",
      description:
        "ADMIN only. The answer's `url` (single use, 7 days) is e-mailed when the install has SMTP; the answer never tells whether the address has an account.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ workspaceId: idSchema, invitation: newInvitationSchema }))
  .output(z.object({ invitation: workspaceInvitationSchema }))
  .mutation(async ({ ctx, input }) => {
    const created = await createWorkspaceInvitation(
      ctx.prisma,
      {
        workspaceId: ctx.access.workspaceId,
        email: input.invitation.email,
        role: input.invitation.role,
        invitedById: ctx.user.id,
      },
      auditRequestOf(ctx),
    );
    return { invitation: await sendInvitation(ctx.prisma, created, ctx.logger) };
  });
