import { loadWorkspaceAccess } from "@parley/platform/access/loadAccess";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { assertTokenWorkspace } from "@parley/platform/auth/apiTokenGrant";
import { AppError } from "@parley/platform/errors";
import { idSchema, successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure } from "../../trpc";
import { readWriteErrors } from "../errorLists";
import { assertAdminRemains } from "./assertAdminRemains";

export const removeMember = authenticatedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/workspaces/{workspaceId}/members/{userId}",
      tags: ["Members"],
      summary: "Remove a member",
      description:
        "ADMIN only, except that any member may leave (remove themselves). The last ADMIN cannot leave (BAD_REQUEST `LAST_ADMIN`).",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ workspaceId: idSchema, userId: idSchema }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    const isLeaving = input.userId === ctx.user.id;
    const { workspaceId } = await loadWorkspaceAccess(
      ctx.prisma,
      ctx.user.id,
      input.workspaceId,
      isLeaving ? "read" : "admin",
    );
    assertTokenWorkspace(ctx.user.apiToken, workspaceId);
    await ctx.prisma.$transaction(async (tx) => {
      const { count } = await tx.memberInWorkspace.deleteMany({
        where: { workspaceId, userId: input.userId },
      });
      if (count === 0) throw new AppError("NOT_FOUND");
      await assertAdminRemains(tx, workspaceId);
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "member.removed",
        workspaceId,
        target: { type: "member", id: input.userId },
      });
    });
    return { message: "success" as const };
  });
