import type { Database } from "@parley/db";
import { platformEmailCredentialsId } from "@parley/schemas";
import { findExistingCredentialsIds } from "./workspaceCredentials";

type Path = (string | number)[];
export interface CredentialsWarning {
  message: string;
  path: Path;
}

interface BlockLike {
  type: string;
  options?: unknown;
}

/**
 * An imported flow keeps only credentials ids that exist in the target workspace: the others (ids
 * of the source install) are removed from their blocks, each with a warning, so the author picks
 * new credentials in the editor. Paths are relative to the flow (`groups.i.blocks.j.options…`).
 */
export async function clearUnknownCredentials<T extends { groups: { blocks: BlockLike[] }[] }>(
  prisma: Database,
  workspaceId: string,
  flow: T,
): Promise<{ flow: T; warnings: CredentialsWarning[] }> {
  const references: { groupIndex: number; blockIndex: number; id: string; type: string }[] = [];
  flow.groups.forEach((group, groupIndex) => {
    group.blocks.forEach((block, blockIndex) => {
      const id = (block.options as { credentialsId?: unknown } | undefined)?.credentialsId;
      if (typeof id === "string" && id !== "" && id !== platformEmailCredentialsId)
        references.push({ groupIndex, blockIndex, id, type: block.type });
    });
  });
  const existing = await findExistingCredentialsIds(prisma, workspaceId, [
    ...new Set(references.map((reference) => reference.id)),
  ]);
  const unknown = references.filter((reference) => !existing.has(reference.id));
  if (unknown.length === 0) return { flow, warnings: [] };
  const groups = flow.groups.map((group, groupIndex) => ({
    ...group,
    blocks: group.blocks.map((block, blockIndex) => {
      if (
        !unknown.some(
          (reference) => reference.groupIndex === groupIndex && reference.blockIndex === blockIndex,
        )
      )
        return block;
      const { credentialsId: _removed, ...options } = block.options as Record<string, unknown>;
      return { ...block, options };
    }),
  }));
  return {
    flow: { ...flow, groups },
    warnings: unknown.map((reference) => ({
      message: `The credentials of this "${reference.type}" block do not exist in this workspace; choose credentials in its settings`,
      path: ["groups", reference.groupIndex, "blocks", reference.blockIndex, "options", "credentialsId"],
    })),
  };
}
