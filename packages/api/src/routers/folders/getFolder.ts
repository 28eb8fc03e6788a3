import { folderSchema } from "@parley/schemas/management/folder";
import { z } from "zod";
import { folderProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toFolder } from "./toFolder";

export const getFolder = folderProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/folders/{folderId}",
      tags: ["Folders"],
      summary: "Get a folder",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ folder: folderSchema }))
  .query(async ({ ctx, input }) => {
    const folder = await ctx.prisma.folder.findUniqueOrThrow({ where: { id: input.folderId } });
    return { folder: toFolder(folder) };
  });
