import { joinWorkspaceByDomain } from "@parley/platform/accounts/domainJoining";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { auditClientOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure } from "../../trpc";

/** Joins, as MEMBER, a workspace the user's verified address's domain lets them join (else FORBIDDEN). */
export const joinWorkspace = authenticatedProcedure
  .input(z.object({ workspaceId: idSchema }))
  .output(z.object({ workspaceId: idSchema }))
  .mutation(({ ctx, input }) =>
    ctx.prisma.$transaction((tx) =>
      joinWorkspaceByDomain(tx, {
        user: ctx.user,
        workspaceId: input.workspaceId,
        audit: auditClientOf(ctx),
      }),
    ),
  );
