import { z } from "zod";
import { idSchema, timestampSchema } from "./common";

export const folderSchema = z
  .object({
    id: idSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    name: z.string(),
    parentFolderId: idSchema.nullable().describe("The containing folder; null at the top level"),
    workspaceId: idSchema,
  })
  .meta({ id: "Folder" });
export type Folder = z.infer<typeof folderSchema>;
