import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { idSchema, successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";

export const deleteWorkspaceSso = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/workspaces/{workspaceId}/sso",
      tags: ["Single sign-on"],
      summary: "Remove the workspace's identity provider",
      description:
        "ADMIN only. Its enforcement ends with it; accounts keep their other ways in. NOT_FOUND when none is configured. Audited as `sso.deleted`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ workspaceId: idSchema }))
  .output(successMessageSchema)
  .mutation(async ({ ctx }) => {
    await ctx.prisma.$transaction(async (tx) => {
      const existing = await tx.workspaceSso.findUnique({
        where: { workspaceId: ctx.access.workspaceId },
        select: { id: true },
      });
      if (!existing) throw new AppError("NOT_FOUND");
      await tx.workspaceSso.delete({ where: { id: existing.id } });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "sso.deleted",
        workspaceId: ctx.access.workspaceId,
        target: { type: "sso", id: existing.id },
      });
    });
    return { message: "success" as const };
  });
