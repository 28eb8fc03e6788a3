import {
  blockTextKey,
  getAnyBlockDefinition,
  itemPathTextKey,
  itemTextKey,
  listBlockTexts,
  localizeFlow,
  readPath,
  type TextStatus,
  type Translation,
  writePath,
} from "@parley/schemas";
import { setTranslation } from "../../translations/translationEditing";
import { locateBlock, updateBlock } from "../document/locate";
import type { EditorBlock, EditorDocument } from "../store/editorDocument";

/**
 * The language the canvas shows, when it is one of the bot's other languages; null for the default language
 * (a language removed meanwhile, or a bot without languages, shows the default language).
 */
export function getCanvasLanguage(doc: EditorDocument, chosen: string | null): string | null {
  if (!chosen) return null;
  return doc.settings.languages?.languages?.includes(chosen) ? chosen : null;
}

const viewCache = new WeakMap<EditorDocument, Map<string, EditorDocument["groups"]>>();

/**
 * The groups as a visitor speaking `language` reads them (`localizeFlow`): translated texts in place, the
 * default language's text where a translation is missing, every id unchanged. Built once per document version
 * and language; a group no translation touches keeps its object, so its canvas node is not redrawn.
 */
export function getTranslatedGroups(doc: EditorDocument, language: string | null): EditorDocument["groups"] {
  if (!language) return doc.groups;
  let byLanguage = viewCache.get(doc);
  if (!byLanguage) {
    byLanguage = new Map();
    viewCache.set(doc, byLanguage);
  }
  const cached = byLanguage.get(language);
  if (cached) return cached;
  const groups = localizeFlow({ groups: doc.groups, settings: doc.settings }, language).groups;
  byLanguage.set(language, groups);
  return groups;
}

/** A block as the canvas shows it in `language` (null: the default language, the block itself). */
export function getTranslatedBlock(
  doc: EditorDocument,
  language: string | null,
  blockId: string,
): EditorBlock | null {
  const location = locateBlock(doc, blockId);
  if (!location) return null;
  if (!language) return location.block;
  return getTranslatedGroups(doc, language)[location.groupIndex]?.blocks[location.blockIndex] ?? null;
}

/** One text of a block that is not reviewed in the canvas's language: missing, or a machine draft. */
export interface UntranslatedText {
  key: string;
  /** The field as the translations table names it (`options.labels.placeholder`, `Item 2 · content`). */
  field: string;
  status: Exclude<TextStatus, "reviewed">;
  /** The item the text belongs to, for an item's or a card button's text. */
  itemId: string | null;
}

const untranslatedCache = new WeakMap<EditorDocument, Map<string, Map<string, UntranslatedText[]>>>();

/**
 * The texts of each block (by block id) that `language` has not reviewed: missing ones (shown in the default
 * language) and machine drafts. Computed once per document version and language.
 */
export function getUntranslatedTexts(
  doc: EditorDocument,
  language: string,
): ReadonlyMap<string, UntranslatedText[]> {
  let byLanguage = untranslatedCache.get(doc);
  if (!byLanguage) {
    byLanguage = new Map();
    untranslatedCache.set(doc, byLanguage);
  }
  const cached = byLanguage.get(language);
  if (cached) return cached;
  const translations = doc.settings.languages?.translations?.[language] ?? {};
  const index = new Map<string, UntranslatedText[]>();
  for (const group of doc.groups)
    for (const block of group.blocks) {
      const texts = listBlockTexts(block, group).flatMap((text): UntranslatedText[] => {
        const status = translations[text.key]?.status ?? "missing";
        if (status === "reviewed") return [];
        const itemId = text.key.startsWith("block:") ? null : (text.key.split(":")[2] ?? null);
        return [{ key: text.key, field: text.field, status, itemId }];
      });
      if (texts.length > 0) index.set(block.id, texts);
    }
  byLanguage.set(language, index);
  return index;
}

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const isEmptyText = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

interface Place {
  key: string;
  path: string[];
  itemId?: string;
  pathId?: string;
}

type TextualItem = { id: string; paths?: { id: string }[] };
const itemsOf = (block: unknown): TextualItem[] => {
  const items = (block as { items?: unknown }).items;
  return Array.isArray(items) ? (items as TextualItem[]) : [];
};

/** Where a block's declared texts are: each field, each item's fields, each card button's fields. */
function listTextPlaces(block: EditorBlock): Place[] {
  const texts = getAnyBlockDefinition(block.type)?.texts;
  if (!texts) return [];
  const places: Place[] = (texts.fields ?? []).map((field) => ({
    key: blockTextKey(block.id, field),
    path: field.split("."),
  }));
  for (const item of itemsOf(block)) {
    for (const field of texts.itemFields ?? [])
      places.push({ key: itemTextKey(block.id, item.id, field), path: field.split("."), itemId: item.id });
    for (const itemPath of item.paths ?? [])
      for (const field of texts.itemPathFields ?? [])
        places.push({
          key: itemPathTextKey(block.id, item.id, itemPath.id, field),
          path: field.split("."),
          itemId: item.id,
          pathId: itemPath.id,
        });
  }
  return places;
}

/** The value at a text's place in a block (a field, an item's field, a button's field). */
function readPlace(block: EditorBlock, place: Place): unknown {
  if (!place.itemId) return readPath(block, place.path);
  const item = itemsOf(block).find((candidate) => candidate.id === place.itemId);
  if (!place.pathId) return readPath(item, place.path);
  return readPath(
    item?.paths?.find((candidate) => candidate.id === place.pathId),
    place.path,
  );
}

/** The block with `value` at a text's place (undefined removes the field). */
function writePlace(block: EditorBlock, place: Place, value: unknown): EditorBlock {
  if (!place.itemId) return writePath(block, place.path, value, { pruneEmpty: true });
  const items = itemsOf(block).map((item) => {
    if (item.id !== place.itemId) return item;
    if (!place.pathId) return writePath(item, place.path, value, { pruneEmpty: true });
    const paths = (item.paths ?? []).map((itemPath) =>
      itemPath.id === place.pathId ? writePath(itemPath, place.path, value, { pruneEmpty: true }) : itemPath,
    );
    return { ...item, paths };
  });
  return { ...block, items } as EditorBlock;
}

/**
 * A change made to a block while the canvas shows `language` (docs/editor.md, "Languages"): `change` receives the
 * block as that language reads it. A text it changes becomes that language's translation, saved as reviewed (a
 * person wrote it; emptied, the translation is removed and the text falls back to the default language); what is
 * no text (a setting, a variable, an item added or removed) changes the block itself, for every language. The
 * default language (null) changes the block directly.
 */
export function applyTranslatedBlockChange(
  doc: EditorDocument,
  language: string | null,
  blockId: string,
  change: (block: EditorBlock) => EditorBlock,
): EditorDocument {
  if (!language) return updateBlock(doc, blockId, change);
  const base = locateBlock(doc, blockId)?.block;
  const shown = getTranslatedBlock(doc, language, blockId);
  if (!base || !shown) return doc;
  const next = change(shown);
  if (next === shown) return doc;
  let settings = doc.settings;
  let structural = next;
  for (const place of listTextPlaces(next)) {
    const before = readPlace(shown, place);
    const after = readPlace(next, place);
    if (!sameValue(before, after))
      settings = setTranslation(
        settings,
        language,
        place.key,
        isEmptyText(after) ? null : { value: after as Translation["value"], status: "reviewed" },
      );
    structural = writePlace(structural, place, readPlace(base, place));
  }
  // The translated view gives a number input without a locale the language's; that is no change of the block.
  const locale = ["options", "locale"];
  if (readPath(base, locale) === undefined && readPath(structural, locale) === readPath(shown, locale))
    structural = writePath(structural, locale, undefined, { pruneEmpty: true });
  let result = settings === doc.settings ? doc : { ...doc, settings };
  if (!sameValue(structural, base)) result = updateBlock(result, blockId, () => structural);
  return result;
}
