import { successMessageSchema } from "@parley/schemas/management/common";
import { folderProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const deleteFolder = folderProcedure("write")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/folders/{folderId}",
      tags: ["Folders"],
      summary: "Delete a folder",
      description:
        "Deletes the folder; its bots and subfolders move to its parent folder (the top level when it has none). Nothing else is deleted.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await ctx.prisma.$transaction(async (tx) => {
      const folder = await tx.folder.findUniqueOrThrow({
        where: { id: input.folderId },
        select: { parentFolderId: true },
      });
      const target = { folderId: folder.parentFolderId };
      await tx.bot.updateMany({ where: { folderId: input.folderId }, data: target });
      await tx.folder.updateMany({
        where: { parentFolderId: input.folderId },
        data: { parentFolderId: folder.parentFolderId },
      });
      await tx.folder.delete({ where: { id: input.folderId } });
    });
    return { message: "success" as const };
  });
