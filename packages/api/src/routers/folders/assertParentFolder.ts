import type { Database } from "@parley/db";
import { AppError } from "@parley/platform/errors";

const invalidParent = (message: string, code: string) =>
  new AppError("BAD_REQUEST", [{ message, code, path: ["folder", "parentFolderId"] }]);

/**
 * A parent folder must be in the same workspace and, when moving `folderId`,
 * must not be the folder itself or one of its descendants (no cycles).
 * One recursive query walks up from the parent.
 */
export async function assertParentFolder(
  prisma: Database,
  {
    workspaceId,
    parentFolderId,
    folderId,
  }: { workspaceId: string; parentFolderId: string; folderId?: string },
) {
  const ancestors = await prisma.$queryRaw<{ id: string; workspaceId: string }[]>`
    WITH RECURSIVE chain AS (
      SELECT id, "workspaceId", "parentFolderId", 1 AS depth FROM "Folder" WHERE id = ${parentFolderId}
      UNION ALL
      SELECT f.id, f."workspaceId", f."parentFolderId", chain.depth + 1
      FROM "Folder" f JOIN chain ON f.id = chain."parentFolderId"
      WHERE chain.depth < 1000
    )
    SELECT id, "workspaceId" FROM chain`;
  if (ancestors.length === 0 || ancestors[0]?.workspaceId !== workspaceId) {
    throw invalidParent("No folder with this id in the workspace", "FOLDER_NOT_FOUND");
  }
  if (folderId && ancestors.some((ancestor) => ancestor.id === folderId)) {
    throw invalidParent("A folder cannot be moved into itself or one of its subfolders", "FOLDER_CYCLE");
  }
}
