import { readPath } from "../../objectPath";
import { type Block, getAnyBlockDefinition } from "../blocks";
import type { Group } from "../group";
import type { Settings } from "../settings";
import type { Translation, TranslationStatus } from "./languagesSettings";
import {
  blockTextKey,
  itemPathTextKey,
  itemTextKey,
  listBotLanguages,
  settingsTextKey,
  translatableSettingsTexts,
} from "./localizeFlow";

/** One text of a bot that a language translates: where it is (its key) and what it says in the default language. */
export interface TranslatableText {
  key: string;
  /** The group and block it belongs to (null for the settings' texts). */
  groupId: string | null;
  groupTitle: string | null;
  blockId: string | null;
  blockType: string | null;
  /** The field, as a reader names it: `content.richText`, `Item 2 · title`, `general.systemMessages.botClosed`. */
  field: string;
  /** The default language's text: the block's own, else the kind's built-in default (a placeholder never set). */
  source: Translation["value"];
  isRichText: boolean;
}

/** The status of a text in a language: no entry is missing. */
export type TextStatus = TranslationStatus | "missing";

const hasText = (value: unknown): value is Translation["value"] =>
  (typeof value === "string" && value.trim() !== "") || (Array.isArray(value) && value.length > 0);

/**
 * Every text of a bot a language translates, in the flow's order (groups, their blocks, each block's fields, its
 * items and their buttons), then the settings' texts (docs/languages.md). A field is listed when the block sets
 * it or its kind has a built-in text for it, and the kind's settings show it (`isFieldVisible`); an empty
 * text is not listed.
 */
export function listTranslatableTexts(flow: {
  groups: readonly Group[];
  settings: Settings;
}): TranslatableText[] {
  const texts: TranslatableText[] = [];
  for (const group of flow.groups)
    for (const block of group.blocks) texts.push(...listBlockTexts(block, group));
  for (const path of translatableSettingsTexts) {
    const value = readPath(flow.settings, path.split("."));
    if (typeof value === "string" && value.trim() !== "")
      texts.push({
        key: settingsTextKey(path),
        groupId: null,
        groupTitle: null,
        blockId: null,
        blockType: null,
        field: path,
        source: value,
        isRichText: false,
      });
  }
  return texts;
}

/**
 * The texts of one block a language translates, in order (its declared fields, its items and their buttons), as
 * `listTranslatableTexts` lists them; `group` names where the block sits.
 */
export function listBlockTexts(block: Block, group: Pick<Group, "id" | "title">): TranslatableText[] {
  const texts: TranslatableText[] = [];
  const definition = getAnyBlockDefinition(block.type);
  const declared = definition?.texts;
  if (!definition || !declared) return [];
  const place = { groupId: group.id, groupTitle: group.title, blockId: block.id, blockType: block.type };
  const options = ("options" in block ? block.options : undefined) ?? {};
  for (const field of declared.fields ?? []) {
    const path = field.split(".");
    const [root, ...rest] = path;
    const setting = rest.join(".");
    const isVisible = (
      definition.settings?.isFieldVisible as
        | ((key: string, options: unknown) => boolean | undefined)
        | undefined
    )?.(setting, options);
    if (isVisible === false) continue;
    const own = readPath(block, path);
    const builtIn =
      root === "options" || root === "content" ? readPath(definition.defaults, rest) : undefined;
    const source = hasText(own) ? own : builtIn;
    if (!hasText(source)) continue;
    texts.push({
      ...place,
      key: blockTextKey(block.id, field),
      field,
      source,
      isRichText: field.endsWith("richText") && Array.isArray(source),
    });
  }
  const items = "items" in block && Array.isArray(block.items) ? block.items : [];
  items.forEach((raw, index) => {
    const item = raw as { id: string; paths?: { id: string }[] };
    for (const field of declared.itemFields ?? []) {
      const value = readPath(item, field.split("."));
      if (typeof value === "string" && value.trim() !== "")
        texts.push({
          ...place,
          key: itemTextKey(block.id, item.id, field),
          field: `Item ${index + 1} · ${field}`,
          source: value,
          isRichText: false,
        });
    }
    (item.paths ?? []).forEach((itemPath, pathIndex) => {
      for (const field of declared.itemPathFields ?? []) {
        const value = readPath(itemPath, field.split("."));
        if (typeof value === "string" && value.trim() !== "")
          texts.push({
            ...place,
            key: itemPathTextKey(block.id, item.id, itemPath.id, field),
            field: `Item ${index + 1} · button ${pathIndex + 1} · ${field}`,
            source: value,
            isRichText: false,
          });
      }
    });
  });
  return texts;
}

/** The status of a text in a language of the bot (`missing` without an entry). */
export function getTextStatus(
  settings: Pick<Settings, "languages">,
  language: string,
  key: string,
): TextStatus {
  return settings.languages?.translations?.[language]?.[key]?.status ?? "missing";
}

/**
 * The texts not yet reviewed in each language other than the default (missing or machine drafts), for the
 * "publish only when every text is reviewed" rule.
 */
export function listUnreviewedTexts(flow: {
  groups: readonly Group[];
  settings: Settings;
}): { language: string; key: string; status: Exclude<TextStatus, "reviewed"> }[] {
  const [, ...others] = listBotLanguages(flow.settings);
  if (others.length === 0) return [];
  const texts = listTranslatableTexts(flow);
  return others.flatMap((language) =>
    texts.flatMap((text) => {
      const status = getTextStatus(flow.settings, language, text.key);
      return status === "reviewed" ? [] : [{ language, key: text.key, status }];
    }),
  );
}
