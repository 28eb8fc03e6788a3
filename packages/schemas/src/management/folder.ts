import { z } from "zod";
import { textSchema } from "../text";
import { idSchema, timestampSchema } from "./common";

export const folderSchema = z
  .object({
    id: idSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    name: textSchema,
    parentFolderId: idSchema.nullable().describe("The containing folder; null at the top level"),
    workspaceId: idSchema,
  })
  .meta({ id: "Folder" });
export type Folder = z.infer<typeof folderSchema>;
