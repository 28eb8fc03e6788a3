import { idSchema } from "@parley/schemas/management/common";
import { folderSchema } from "@parley/schemas/management/folder";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { errorResponses } from "../../trpc";
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
      errorResponses: errorResponses(
        "BAD_REQUEST",
        "UNAUTHORIZED",
        "FORBIDDEN",
        "NOT_FOUND",
        "INTERNAL_SERVER_ERROR",
      ),
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
