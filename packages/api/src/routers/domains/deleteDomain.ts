import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { idSchema, successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";

export const deleteDomain = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/workspaces/{workspaceId}/domains/{domainId}",
      tags: ["Single sign-on"],
      summary: "Remove a domain",
      description:
        "ADMIN only. Its addresses no longer sign in through the workspace's provider nor join by it; members stay. Audited as `domain.deleted`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ workspaceId: idSchema, domainId: idSchema }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await ctx.prisma.$transaction(async (tx) => {
      const { count } = await tx.workspaceDomain.deleteMany({
        where: { id: input.domainId, workspaceId: ctx.access.workspaceId },
      });
      if (count === 0) throw new AppError("NOT_FOUND");
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "domain.deleted",
        workspaceId: ctx.access.workspaceId,
        target: { type: "domain", id: input.domainId },
      });
    });
    return { message: "success" as const };
  });
