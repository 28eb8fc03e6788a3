import { idSchema } from "@parley/schemas/management/common";
import { workspaceInputSchema } from "@parley/schemas/management/workspace";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const updateWorkspace = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/workspaces/{workspaceId}",
      tags: ["Workspaces"],
      summary: "Update a workspace",
      description: "Renames the workspace or changes its icon (ADMIN only). Returns `name` and `icon`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ ...workspaceInputSchema.partial().shape, workspaceId: idSchema }))
  .output(z.object({ workspace: z.object({ name: textSchema, icon: textSchema.nullable() }) }))
  .mutation(async ({ ctx, input }) => {
    const workspace = await ctx.prisma.workspace.update({
      where: { id: ctx.access.workspaceId },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.icon !== undefined ? { icon: input.icon || null } : {}),
      },
      select: { name: true, icon: true },
    });
    return { workspace };
  });
