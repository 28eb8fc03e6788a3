import { AppError } from "@parley/platform/errors";
import { idSchema, nameSchema } from "@parley/schemas/management/common";
import { folderSchema } from "@parley/schemas/management/folder";
import { z } from "zod";
import { folderProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { assertParentFolder } from "./assertParentFolder";
import { toFolder } from "./toFolder";

export const updateFolder = folderProcedure("write")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/folders/{folderId}",
      tags: ["Folders"],
      summary: "Update a folder",
      description:
        "Renames a folder or moves it (`parentFolderId`, null for the top level). `workspaceId` must be the folder's workspace. A parent in another workspace, or inside the folder itself, is BAD_REQUEST.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      folderId: idSchema,
      workspaceId: idSchema,
      folder: z.strictObject({
        name: nameSchema.optional().meta({ example: "Lead generation" }),
        parentFolderId: idSchema.nullable().optional(),
      }),
    }),
  )
  .output(z.object({ folder: folderSchema }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    if (input.workspaceId !== workspaceId) {
      throw new AppError("BAD_REQUEST", [
        { message: "The folder is not in this workspace", path: ["workspaceId"], code: "WORKSPACE_MISMATCH" },
      ]);
    }
    const { name, parentFolderId } = input.folder;
    if (parentFolderId) {
      await assertParentFolder(ctx.prisma, { workspaceId, parentFolderId, folderId: input.folderId });
    }
    const folder = await ctx.prisma.folder.update({
      where: { id: input.folderId },
      data: {
        ...(name !== undefined ? { name } : {}),
        ...(parentFolderId !== undefined ? { parentFolderId } : {}),
      },
    });
    return { folder: toFolder(folder) };
  });
