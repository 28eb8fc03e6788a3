import { listInvitationsFor } from "@parley/platform/accounts/workspaceInvitations";
import { botRoleSchema } from "@parley/schemas/management/botCollaborators";
import { idSchema } from "@parley/schemas/management/common";
import { workspaceRoleSchema } from "@parley/schemas/management/workspace";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { authenticatedProcedure } from "../../trpc";

/** The invitations waiting for the signed-in user's address, shown on the dashboard. */
export const listMyInvitations = authenticatedProcedure
  .output(
    z.object({
      invitations: z.array(
        z.object({
          id: idSchema,
          workspaceId: idSchema,
          workspaceName: textSchema,
          role: workspaceRoleSchema,
          bot: z.object({ id: idSchema, name: textSchema, role: botRoleSchema }).nullable(),
          invitedBy: textSchema.nullable(),
          expiresAt: textSchema,
        }),
      ),
    }),
  )
  .query(async ({ ctx }) => {
    const invitations = await listInvitationsFor(ctx.prisma, ctx.user.email);
    return {
      invitations: invitations.map((invitation) => ({
        ...invitation,
        expiresAt: invitation.expiresAt.toISOString(),
      })),
    };
  });
