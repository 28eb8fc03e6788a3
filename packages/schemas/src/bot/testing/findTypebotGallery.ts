import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const galleryPath = join("shared", "fixtures", "typebot-templates");

/**
 * The Typebot gallery exports shared with the team (not shipped with the project): the
 * given folder (tests pass TYPEBOT_GALLERY_DIR), else `shared/fixtures/typebot-templates`
 * in an ancestor of this checkout. `undefined` when absent; tests then skip with that reason.
 */
export function findTypebotGallery(
  folderOverride?: string,
): { folder: string; files: { name: string; json: unknown }[] } | undefined {
  const folder = folderOverride ?? findInAncestors(import.meta.dirname);
  if (!folder || !existsSync(folder)) return undefined;
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({ name, json: JSON.parse(readFileSync(join(folder, name), "utf8")) as unknown }));
  return { folder, files };
}

function findInAncestors(start: string): string | undefined {
  for (let folder = start; ; folder = dirname(folder)) {
    const candidate = join(folder, galleryPath);
    if (existsSync(candidate)) return candidate;
    if (dirname(folder) === folder) return undefined;
  }
}

export const missingGalleryReason =
  "Typebot gallery exports not found (set TYPEBOT_GALLERY_DIR or keep shared/fixtures/typebot-templates beside the checkout)";
