import { acceptInvitationById } from "@parley/platform/accounts/workspaceInvitations";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { auditClientOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure } from "../../trpc";
import { acceptedSchema } from "./invitationLinkSchemas";

export const acceptMyInvitation = authenticatedProcedure
  .input(z.object({ invitationId: idSchema }))
  .output(acceptedSchema)
  .mutation(({ ctx, input }) =>
    acceptInvitationById(ctx.prisma, {
      invitationId: input.invitationId,
      user: ctx.user,
      audit: auditClientOf(ctx),
    }),
  );
