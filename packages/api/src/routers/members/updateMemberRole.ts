import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { workspaceMemberSchema, workspaceRoleSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";
import { assertAdminRemains } from "./assertAdminRemains";
import { memberSelect, toMember } from "./toMember";

export const updateMemberRole = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/workspaces/{workspaceId}/members/{userId}",
      tags: ["Members"],
      summary: "Change a member's role",
      description: "ADMIN only. The last ADMIN cannot be demoted (BAD_REQUEST `LAST_ADMIN`).",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ workspaceId: idSchema, userId: idSchema, role: workspaceRoleSchema }))
  .output(z.object({ member: workspaceMemberSchema }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const member = await ctx.prisma.$transaction(async (tx) => {
      const { count } = await tx.memberInWorkspace.updateMany({
        where: { workspaceId, userId: input.userId },
        data: { role: input.role },
      });
      if (count === 0) throw new AppError("NOT_FOUND");
      await assertAdminRemains(tx, workspaceId);
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "member.roleChanged",
        workspaceId,
        target: { type: "member", id: input.userId },
      });
      return tx.memberInWorkspace.findUniqueOrThrow({
        where: { userId_workspaceId: { userId: input.userId, workspaceId } },
        select: memberSelect,
      });
    });
    return { member: toMember(member) };
  });
