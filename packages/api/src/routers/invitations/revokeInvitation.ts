import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { idSchema, successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";

export const revokeInvitation = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/workspaces/{workspaceId}/invitations/{invitationId}",
      tags: ["Members"],
      summary: "Revoke an invitation",
      description: "ADMIN only. Its link stops working.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ workspaceId: idSchema, invitationId: idSchema }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await ctx.prisma.$transaction(async (tx) => {
      const { count } = await tx.workspaceInvitation.deleteMany({
        where: { id: input.invitationId, workspaceId: ctx.access.workspaceId },
      });
      if (count === 0) throw new AppError("NOT_FOUND");
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "invitation.revoked",
        workspaceId: ctx.access.workspaceId,
        target: { type: "invitation", id: input.invitationId },
      });
    });
    return { message: "success" as const };
  });
