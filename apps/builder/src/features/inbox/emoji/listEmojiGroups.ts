import type { InterfaceLanguage } from "@parley/schemas/management/interfaceLanguages";
import { type EmojiEntry, type EmojiGroup, type EmojiGroupKey, emojiGroupKeys } from "./emojiGroups";

/**
 * The newest Emoji version offered: 15.1 (2023) is drawn by every current phone and desktop system; newer emoji
 * still show as empty boxes on many visitors' devices.
 */
export const MAX_EMOJI_VERSION = 15.1;

/** The fields of an emojibase-data entry (`Emoji` of the emojibase package) the picker reads. */
type EmojibaseEntry = {
  label: string;
  hexcode: string;
  emoji: string;
  /** 1: shown as an emoji by default; 0: as text unless followed by U+FE0F. */
  type: number;
  version: number;
  group?: number;
  order?: number;
  tags?: string[];
};

/** emojibase-data's English, French, German, Spanish and Portuguese sets, one per interface language. */
const emojibaseData: Record<InterfaceLanguage, () => Promise<{ default: EmojibaseEntry[] }>> = {
  en: () => import("emojibase-data/en/data.json"),
  fr: () => import("emojibase-data/fr/data.json"),
  de: () => import("emojibase-data/de/data.json"),
  es: () => import("emojibase-data/es/data.json"),
  "pt-BR": () => import("emojibase-data/pt/data.json"),
};

/** emojibase's group numbers (`emojibase-data/meta/groups.json`); 2, "component", is left out. */
const groupKeyByNumber = new Map<number, EmojiGroupKey>([
  [0, "smileys-emotion"],
  [1, "people-body"],
  [3, "animals-nature"],
  [4, "food-drink"],
  [5, "travel-places"],
  [6, "activities"],
  [7, "objects"],
  [8, "symbols"],
  [9, "flags"],
]);

/**
 * The characters to insert. emojibase appends U+FE0F to every emoji; it is needed only by those shown as text by
 * default (❤ → ❤️); the others are sent as Unicode spells them (👍 is U+1F44D alone), as a keyboard types them.
 */
function toCharacters(entry: EmojibaseEntry): string {
  if (entry.type === 0) return entry.emoji;
  return String.fromCodePoint(...entry.hexcode.split("-").map((code) => Number.parseInt(code, 16)));
}

const loaded = new Map<InterfaceLanguage, Promise<EmojiGroup[]>>();

/**
 * The picker's emoji in one interface language, by category in emojibase's order, without skin-tone variants
 * and without emoji newer than {@link MAX_EMOJI_VERSION}; read once per process.
 */
export function listEmojiGroups(language: InterfaceLanguage): Promise<EmojiGroup[]> {
  let groups = loaded.get(language);
  if (!groups) {
    groups = emojibaseData[language]().then(({ default: entries }) => {
      const byKey = new Map<EmojiGroupKey, EmojiEntry[]>(emojiGroupKeys.map((key) => [key, []]));
      const offered = entries
        .filter((entry) => entry.version <= MAX_EMOJI_VERSION)
        .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
      for (const entry of offered) {
        const key = entry.group === undefined ? undefined : groupKeyByNumber.get(entry.group);
        if (!key) continue;
        byKey
          .get(key)
          ?.push({ emoji: toCharacters(entry), label: entry.label, tags: (entry.tags ?? []).join(" ") });
      }
      return emojiGroupKeys.map((key) => ({ key, emoji: byKey.get(key) ?? [] }));
    });
    // A failed read is tried again by the next request.
    groups.catch(() => loaded.delete(language));
    loaded.set(language, groups);
  }
  return groups;
}
