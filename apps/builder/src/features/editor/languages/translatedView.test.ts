import { writePath } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { locateBlock } from "../document/locate";
import type { EditorBlock, EditorDocument } from "../store/editorDocument";
import { createTestDocument } from "../testing/createTestDocument";
import {
  applyTranslatedBlockChange,
  getCanvasLanguage,
  getTranslatedBlock,
  getTranslatedGroups,
  getUntranslatedTexts,
} from "./translatedView";

/** The block with item `itemId`'s content replaced. */
const withItemContent = (block: EditorBlock, itemId: string, content: string): EditorBlock =>
  ({
    ...block,
    items: (block as { items: { id: string; content?: string }[] }).items.map((item) =>
      item.id === itemId ? { ...item, content } : item,
    ),
  }) as EditorBlock;

/** The test flow in English and French, the text bubble and the first choice translated. */
function createTranslatedDocument(): EditorDocument {
  const doc = createTestDocument();
  return {
    ...doc,
    settings: {
      ...doc.settings,
      languages: {
        defaultLanguage: "en",
        languages: ["fr", "de"],
        translations: {
          fr: {
            "block:b1:content.richText": {
              value: [{ type: "p", children: [{ text: "Salut {{Name}}" }] }],
              status: "reviewed",
            },
            "item:b2:i1:content": { value: "Oui", status: "machineDraft" },
          },
        },
      },
    },
  };
}

const blockOf = (doc: EditorDocument, id: string) => locateBlock(doc, id)?.block as EditorBlock;
const textOf = (block: EditorBlock | null) =>
  JSON.stringify((block as { content?: { richText?: unknown } } | null)?.content?.richText);
const itemsOf = (block: EditorBlock | null) =>
  ((block as { items?: { id: string; content?: unknown }[] } | null)?.items ?? []).map(
    (item) => item.content,
  );

describe("the canvas in another language", () => {
  it("shows each translated text, the default language's where one is missing, with every id unchanged", () => {
    const doc = createTranslatedDocument();
    expect(getCanvasLanguage(doc, "fr")).toBe("fr");
    expect(getCanvasLanguage(doc, "en")).toBeNull();
    expect(getCanvasLanguage(doc, "es")).toBeNull();
    const groups = getTranslatedGroups(doc, "fr");
    expect(getTranslatedGroups(doc, "fr")).toBe(groups);
    expect(textOf(groups[0]?.blocks[0] ?? null)).toContain("Salut {{Name}}");
    expect(itemsOf(groups[0]?.blocks[1] ?? null)).toEqual(["Oui", "B"]);
    expect(groups[1]).toBe(doc.groups[1]);
    expect(getTranslatedGroups(doc, null)).toBe(doc.groups);
  });

  it("lists each block's texts not reviewed in the language: missing ones and machine drafts", () => {
    const doc = createTranslatedDocument();
    const fr = getUntranslatedTexts(doc, "fr");
    expect(fr.get("b1")).toBeUndefined();
    expect(fr.get("b2")).toEqual([
      { key: "block:b2:options.buttonLabel", field: "options.buttonLabel", status: "missing", itemId: null },
      { key: "item:b2:i1:content", field: "Item 1 · content", status: "machineDraft", itemId: "i1" },
      { key: "item:b2:i2:content", field: "Item 2 · content", status: "missing", itemId: "i2" },
    ]);
    expect(fr.get("b3")?.map((text) => text.status)).toEqual(["missing", "missing"]);
    expect(getUntranslatedTexts(doc, "de").get("b1")?.[0]).toMatchObject({ status: "missing", itemId: null });
  });

  it("saves a text written in the language as its reviewed translation, the block's own text unchanged", () => {
    const doc = createTranslatedDocument();
    const next = applyTranslatedBlockChange(doc, "fr", "b2", (block) => withItemContent(block, "i2", "Non"));
    expect(blockOf(next, "b2")).toBe(blockOf(doc, "b2"));
    expect(next.settings.languages?.translations?.fr?.["item:b2:i2:content"]).toEqual({
      value: "Non",
      status: "reviewed",
    });
    expect(next.settings.languages?.translations?.fr?.["item:b2:i1:content"]?.status).toBe("machineDraft");
    expect(itemsOf(getTranslatedBlock(next, "fr", "b2"))).toEqual(["Oui", "Non"]);
    expect(itemsOf(getTranslatedBlock(next, null, "b2"))).toEqual(["A", "B"]);
  });

  it("rich text and a placeholder the default language leaves at its built-in text", () => {
    const doc = createTranslatedDocument();
    const richText = [{ type: "p", children: [{ text: "Bonjour ", bold: true }, { text: "{{Name}}" }] }];
    const withText = applyTranslatedBlockChange(doc, "fr", "b1", (block) =>
      writePath(block, ["content", "richText"], richText),
    );
    expect(withText.settings.languages?.translations?.fr?.["block:b1:content.richText"]?.value).toEqual(
      richText,
    );
    expect(textOf(blockOf(withText, "b1"))).toContain("Hi {{Name}}");
    const withPlaceholder = applyTranslatedBlockChange(withText, "fr", "b3", (block) =>
      writePath(block, ["options", "labels", "placeholder"], "Votre e-mail"),
    );
    expect(blockOf(withPlaceholder, "b3")).toBe(blockOf(doc, "b3"));
    expect(
      withPlaceholder.settings.languages?.translations?.fr?.["block:b3:options.labels.placeholder"]?.value,
    ).toBe("Votre e-mail");
  });

  it("an emptied translation is removed (the text falls back); a change that is no text applies to every language", () => {
    const doc = createTranslatedDocument();
    const emptied = applyTranslatedBlockChange(doc, "fr", "b2", (block) => withItemContent(block, "i1", ""));
    expect(emptied.settings.languages?.translations?.fr?.["item:b2:i1:content"]).toBeUndefined();
    const structural = applyTranslatedBlockChange(doc, "fr", "b2", (block) =>
      writePath(block, ["options", "isMultipleChoice"], true),
    );
    expect(structural.settings).toBe(doc.settings);
    expect(blockOf(structural, "b2")).toMatchObject({
      options: { variableId: "v1", isMultipleChoice: true },
    });
    expect(itemsOf(blockOf(structural, "b2"))).toEqual(["A", "B"]);
  });

  it("the default language changes the block itself", () => {
    const doc = createTranslatedDocument();
    const next = applyTranslatedBlockChange(doc, null, "b3", (block) =>
      writePath(block, ["options", "labels", "placeholder"], "Your e-mail"),
    );
    expect(blockOf(next, "b3")).toMatchObject({ options: { labels: { placeholder: "Your e-mail" } } });
    expect(next.settings).toBe(doc.settings);
  });
});
