import type { FolderModel as FolderRow } from "@parley/db";
import type { Folder } from "@parley/schemas/management/folder";

export function toFolder(row: FolderRow): Folder {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: row.name,
    parentFolderId: row.parentFolderId,
    workspaceId: row.workspaceId,
  };
}
