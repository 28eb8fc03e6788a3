import { createId } from "@parley/db";
import { idSchema, nameSchema } from "@parley/schemas/management/common";
import { folderSchema } from "@parley/schemas/management/folder";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { assertParentFolder } from "./assertParentFolder";
import { toFolder } from "./toFolder";

export const createFolder = workspaceProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/folders",
      tags: ["Folders"],
      summary: "Create a folder",
      description: "At the top level, or inside `parentFolderId` of the same workspace.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      workspaceId: idSchema,
      folder: z.strictObject({
        name: nameSchema.default("New folder").meta({ example: "Lead generation" }),
        parentFolderId: idSchema.nullable().optional(),
      }),
    }),
  )
  .output(z.object({ folder: folderSchema }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const parentFolderId = input.folder.parentFolderId ?? null;
    if (parentFolderId) await assertParentFolder(ctx.prisma, { workspaceId, parentFolderId });
    const folder = await ctx.prisma.folder.create({
      data: { id: createId(), name: input.folder.name, parentFolderId, workspaceId },
    });
    return { folder: toFolder(folder) };
  });
