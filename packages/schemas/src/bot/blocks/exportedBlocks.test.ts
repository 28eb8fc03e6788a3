import { describe, expect, it } from "vitest";
import { findTypebotGallery, missingGalleryReason } from "../testing/findTypebotGallery";
import exportedBlocks from "./fixtures/exportedBlocks.json" with { type: "json" };
import { blockSchema } from "./index";

describe("blocks in Typebot v6.1 export shape", () => {
  it.each(exportedBlocks.map((block) => [block.id, block] as const))("parses %s", (_id, block) => {
    const result = blockSchema.safeParse(block);
    expect(result.error?.issues ?? []).toEqual([]);
    // Only fields Typebot no longer uses are dropped (block-level groupId).
    const { groupId: _legacy, ...rest } = block as Record<string, unknown>;
    expect(result.data).toEqual(rest);
  });
});

const gallery = findTypebotGallery(process.env.TYPEBOT_GALLERY_DIR);
if (!gallery) console.info(`Skipping the Typebot gallery checks: ${missingGalleryReason}`);

/** Renamed by the importer before parsing (decisions.md "Flow shape"). */
const typesRenamedOnImport = new Set(["Typebot link", "OpenAI"]);

describe.skipIf(!gallery)("blocks of the Typebot gallery exports", () => {
  it.each(gallery?.files ?? [])("$name", ({ json }) => {
    const exported = json as { typebot?: unknown; groups?: unknown };
    const bot = (exported.typebot ?? exported) as { groups: { blocks: { id: string; type: string }[] }[] };
    const failures = [];
    for (const group of bot.groups)
      for (const block of group.blocks) {
        if (typesRenamedOnImport.has(block.type)) continue;
        const result = blockSchema.safeParse(block);
        if (!result.success) failures.push({ id: block.id, type: block.type, issues: result.error.issues });
      }
    expect(failures).toEqual([]);
  });
});
