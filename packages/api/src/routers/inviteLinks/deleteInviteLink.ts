import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { idSchema, successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";

export const deleteInviteLink = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/workspaces/{workspaceId}/inviteLinks/{inviteLinkId}",
      tags: ["Members"],
      summary: "Delete an invite link",
      description: "ADMIN only. People who joined by it stay.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ workspaceId: idSchema, inviteLinkId: idSchema }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await ctx.prisma.$transaction(async (tx) => {
      const { count } = await tx.workspaceInviteLink.deleteMany({
        where: { id: input.inviteLinkId, workspaceId: ctx.access.workspaceId },
      });
      if (count === 0) throw new AppError("NOT_FOUND");
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "inviteLink.deleted",
        workspaceId: ctx.access.workspaceId,
        target: { type: "inviteLink", id: input.inviteLinkId },
      });
    });
    return { message: "success" as const };
  });
