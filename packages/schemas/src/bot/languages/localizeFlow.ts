import { writePath } from "../../objectPath";
import { type Block, getAnyBlockDefinition } from "../blocks";
import type { Group } from "../group";
import type { Settings } from "../settings";
import type { Translation } from "./languagesSettings";
import { matchLanguage } from "./languageTags";

/** The settings' texts a bot translates (dotted paths in `settings`). */
export const translatableSettingsTexts = [
  "general.systemMessages.invalidMessage",
  "general.systemMessages.botClosed",
  "general.systemMessages.networkErrorTitle",
  "general.systemMessages.networkErrorMessage",
  "general.systemMessages.popupBlockedTitle",
  "general.systemMessages.popupBlockedDescription",
  "general.systemMessages.popupBlockedButtonLabel",
  "general.systemMessages.fileUploadError",
  "general.systemMessages.fileUploadSizeError",
  "general.systemMessages.messagingPictureChoiceSelectLabel",
  "metadata.title",
  "metadata.description",
] as const;

/** The key of a block's text (`block:<blockId>:<path>`). */
export const blockTextKey = (blockId: string, path: string): string => `block:${blockId}:${path}`;
/** The key of an item's text (`item:<blockId>:<itemId>:<path>`). */
export const itemTextKey = (blockId: string, itemId: string, path: string): string =>
  `item:${blockId}:${itemId}:${path}`;
/** The key of a card button's text (`path:<blockId>:<itemId>:<pathId>:<path>`). */
export const itemPathTextKey = (blockId: string, itemId: string, pathId: string, path: string): string =>
  `path:${blockId}:${itemId}:${pathId}:${path}`;
/** The key of a settings text (`settings:<path>`). */
export const settingsTextKey = (path: string): string => `settings:${path}`;

/** The default language and the others of a bot, in one list (the default first); empty for a one-language bot. */
export function listBotLanguages(settings: Pick<Settings, "languages">): string[] {
  const languages = settings.languages;
  if (!languages) return [];
  return [languages.defaultLanguage, ...(languages.languages ?? [])];
}

/**
 * The bot's language a requested tag names (exactly, else by language subtag), or the default language when it
 * names none; null for a one-language bot.
 */
export function resolveBotLanguage(
  settings: Pick<Settings, "languages">,
  requested: string | null | undefined,
) {
  const languages = settings.languages;
  if (!languages) return null;
  return (requested && matchLanguage(requested, listBotLanguages(settings))) || languages.defaultLanguage;
}

/** The parts of a flow a language changes. */
export interface LocalizableFlow {
  groups: Group[];
  settings: Settings;
}

/**
 * The flow as a visitor speaking `language` reads it: every translated text of that language in place of the
 * default language's, every id unchanged (docs/languages.md). What no translation touches is shared with the
 * given flow, which is never mutated; the default language (or a language the bot does not have) returns the
 * flow itself. Only the texts the kinds declare (`texts` of their definitions) and `translatableSettingsTexts`
 * are replaced: a key naming any other field is ignored. A number input without a `locale` takes the language.
 */
export function localizeFlow<F extends LocalizableFlow>(flow: F, language: string | null | undefined): F {
  const languages = flow.settings.languages;
  if (!languages || !language || language === languages.defaultLanguage) return flow;
  if (!(languages.languages ?? []).includes(language)) return flow;
  const translations = languages.translations?.[language] ?? {};
  const byBlock = new Map<string, [string, Translation][]>();
  let settings = flow.settings;
  for (const [key, translation] of Object.entries(translations)) {
    if (key.startsWith("settings:")) {
      const path = key.slice("settings:".length);
      if (
        (translatableSettingsTexts as readonly string[]).includes(path) &&
        typeof translation.value === "string"
      )
        settings = writePath(settings, path.split("."), translation.value);
      continue;
    }
    const blockId = key.split(":")[1];
    if (!blockId) continue;
    const list = byBlock.get(blockId);
    if (list) list.push([key, translation]);
    else byBlock.set(blockId, [[key, translation]]);
  }
  const groups = flow.groups.map((group) => {
    let changed = false;
    const blocks = group.blocks.map((block) => {
      const localized = localizeBlock(block, language, byBlock.get(block.id));
      if (localized !== block) changed = true;
      return localized;
    });
    return changed ? { ...group, blocks } : group;
  });
  return { ...flow, groups, settings };
}

function localizeBlock(block: Block, language: string, entries: [string, Translation][] | undefined): Block {
  const texts = getAnyBlockDefinition(block.type)?.texts;
  let localized: Block = block;
  if (block.type === "number input" && !block.options?.locale)
    localized = writePath(localized, ["options", "locale"], language);
  if (!texts || !entries) return localized;
  const translations = new Map(entries);
  for (const field of texts.fields ?? []) {
    const translation = translations.get(blockTextKey(block.id, field));
    const value = translation && toFieldValue(field, translation.value);
    if (value !== undefined) localized = writePath(localized, field.split("."), value);
  }
  if (!("items" in localized) || !Array.isArray(localized.items)) return localized;
  const items = (localized.items as { id: string; paths?: { id: string }[] }[]).map((item) => {
    let next = item;
    for (const field of texts.itemFields ?? []) {
      const translation = translations.get(itemTextKey(block.id, item.id, field));
      if (translation && typeof translation.value === "string")
        next = writePath(next, field.split("."), translation.value);
    }
    if (texts.itemPathFields && Array.isArray(next.paths)) {
      const paths = next.paths.map((path) => {
        let nextPath = path;
        for (const field of texts.itemPathFields ?? []) {
          const translation = translations.get(itemPathTextKey(block.id, item.id, path.id, field));
          if (translation && typeof translation.value === "string")
            nextPath = writePath(nextPath, field.split("."), translation.value);
        }
        return nextPath;
      });
      next = { ...next, paths };
    }
    return next;
  });
  return { ...localized, items } as Block;
}

/** A rich-text field takes rich text (a plain string becomes one paragraph); other fields take strings. */
function toFieldValue(field: string, value: Translation["value"]): unknown {
  if (field.endsWith("richText"))
    return typeof value === "string" ? [{ type: "p", children: [{ text: value }] }] : value;
  return typeof value === "string" ? value : undefined;
}
