import { idSchema } from "@parley/schemas/management/common";
import { folderSchema } from "@parley/schemas/management/folder";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toFolder } from "./toFolder";

export const listFolders = workspaceProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/folders",
      tags: ["Folders"],
      summary: "List folders",
      description:
        "Folders of the workspace, by name. Without `parentFolderId`: every folder; `parentFolderId=root`: the top level; an id: the subfolders of that folder.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ parentFolderId: idSchema.optional() }))
  .output(z.object({ folders: z.array(folderSchema) }))
  .query(async ({ ctx, input }) => {
    const folders = await ctx.prisma.folder.findMany({
      where: {
        workspaceId: ctx.access.workspaceId,
        ...(input.parentFolderId !== undefined
          ? { parentFolderId: input.parentFolderId === "root" ? null : input.parentFolderId }
          : {}),
      },
      orderBy: [{ name: "asc" }, { id: "asc" }],
    });
    return { folders: folders.map(toFolder) };
  });
