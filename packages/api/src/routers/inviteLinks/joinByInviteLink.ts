import { joinByInviteLink as join } from "@parley/platform/accounts/workspaceInviteLinks";
import { z } from "zod";
import { auditClientOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure } from "../../trpc";
import { invitationTokenSchema, joinedSchema } from "../invitations/invitationLinkSchemas";

/** The signed-in user joins by an invite link. */
export const joinByInviteLink = authenticatedProcedure
  .input(z.object({ token: invitationTokenSchema }))
  .output(joinedSchema)
  .mutation(({ ctx, input }) =>
    join(ctx.prisma, { token: input.token, user: ctx.user, audit: auditClientOf(ctx) }),
  );
