import { createWorkspaceInvitation } from "@parley/platform/accounts/workspaceInvitations";
import { idSchema } from "@parley/schemas/management/common";
import { workspaceInvitationSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { sendInvitation } from "../../accounts/sendInvitation";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";
import { newInvitationSchema } from "../invitations/newInvitationSchema";

/** Nobody joins a workspace without consent: adding a member invites them (the person accepts). */
export const addMember = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/workspaces/{workspaceId}/members",
      tags: ["Members"],
      summary: "Add a member (invites)",
      description:
        "ADMIN only. Invites the address like `POST …/invitations`; the person joins on accepting.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(newInvitationSchema.extend({ workspaceId: idSchema }))
  .output(z.object({ invitation: workspaceInvitationSchema }))
  .mutation(async ({ ctx, input }) => {
    const created = await createWorkspaceInvitation(
      ctx.prisma,
      {
        workspaceId: ctx.access.workspaceId,
        email: input.email,
        role: input.role,
        invitedById: ctx.user.id,
      },
      auditRequestOf(ctx),
    );
    return { invitation: await sendInvitation(ctx.prisma, created, ctx.logger) };
  });
