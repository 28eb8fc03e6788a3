import { declineInvitation } from "@parley/platform/accounts/workspaceInvitations";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure } from "../../trpc";

export const declineMyInvitation = authenticatedProcedure
  .input(z.object({ invitationId: idSchema }))
  .output(z.object({ message: z.literal("success") }))
  .mutation(async ({ ctx, input }) => {
    await declineInvitation(ctx.prisma, { invitationId: input.invitationId, audit: auditRequestOf(ctx) });
    return { message: "success" as const };
  });
