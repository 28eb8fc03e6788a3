import { acceptInvitationLink } from "@parley/platform/accounts/workspaceInvitations";
import { z } from "zod";
import { auditClientOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure } from "../../trpc";
import { acceptedSchema, invitationTokenSchema } from "./invitationLinkSchemas";

/** The signed-in user joins by the link (which must be for their address). */
export const acceptInvitation = authenticatedProcedure
  .input(z.object({ token: invitationTokenSchema }))
  .output(acceptedSchema)
  .mutation(({ ctx, input }) =>
    acceptInvitationLink(ctx.prisma, { token: input.token, user: ctx.user, audit: auditClientOf(ctx) }),
  );
