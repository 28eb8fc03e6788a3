import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { idSchema } from "@parley/schemas/management/common";
import { workspaceInputSchema, workspaceSettingsInputSchema } from "@parley/schemas/management/workspace";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";

export const updateWorkspace = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/workspaces/{workspaceId}",
      tags: ["Workspaces"],
      summary: "Update a workspace",
      description:
        "Renames the workspace or changes its icon (ADMIN only). Returns `name` and `icon`. Beyond the spec, `settings.retentionDays` (1 to 3650, null = off) sets the data retention and `settings.typebotCompatibility` Typebot's keyless chat API; the record's `settings` shows both.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      ...workspaceInputSchema.partial().shape,
      settings: workspaceSettingsInputSchema.optional(),
      workspaceId: idSchema,
    }),
  )
  .output(z.object({ workspace: z.object({ name: textSchema, icon: textSchema.nullable() }) }))
  .mutation(async ({ ctx, input }) => {
    const workspace = await ctx.prisma.$transaction(async (tx) => {
      const updated = await tx.workspace.update({
        where: { id: ctx.access.workspaceId },
        data: {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.icon !== undefined ? { icon: input.icon || null } : {}),
          ...(input.settings?.retentionDays !== undefined
            ? { retentionDays: input.settings.retentionDays }
            : {}),
          ...(input.settings?.typebotCompatibility !== undefined
            ? { typebotCompatibility: input.settings.typebotCompatibility }
            : {}),
        },
        select: { name: true, icon: true },
      });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "workspace.updated",
        workspaceId: ctx.access.workspaceId,
        target: { type: "workspace", id: ctx.access.workspaceId },
      });
      return updated;
    });
    return { workspace };
  });
