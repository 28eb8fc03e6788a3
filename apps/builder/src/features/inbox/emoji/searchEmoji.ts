import type { EmojiEntry, EmojiGroup } from "./emojiGroups";

/** Text as the search compares it: lower case, accents dropped (`é` → `e`), so "cafe" finds "café". */
export function toSearchText(text: string, locale: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase(locale);
}

/** A group whose emoji carry their names and search texts (name and words) as compared, computed once. */
export type SearchableGroup = EmojiGroup & { labels: string[]; searchTexts: string[] };

export function toSearchableGroups(groups: EmojiGroup[], locale: string): SearchableGroup[] {
  return groups.map((group) => ({
    ...group,
    labels: group.emoji.map((entry) => toSearchText(entry.label, locale)),
    searchTexts: group.emoji.map((entry) => toSearchText(`${entry.label} ${entry.tags}`, locale)),
  }));
}

/**
 * The groups with the emoji whose name or words contain every word of `query` (all of them when it is blank);
 * groups left empty are dropped. In a group, an emoji named by the query comes first, then one whose name starts
 * with it or holds it, then those found by their words ("red heart": ❤️ before ❤️‍🔥, "heart on fire").
 */
export function searchEmoji(groups: SearchableGroup[], query: string, locale: string): EmojiGroup[] {
  const phrase = toSearchText(query, locale).trim().replace(/\s+/g, " ");
  const words = phrase.split(" ").filter(Boolean);
  if (words.length === 0) return groups;
  const rank = (label: string) =>
    label === phrase ? 0 : label.startsWith(phrase) ? 1 : label.includes(phrase) ? 2 : 3;
  return groups.flatMap((group) => {
    const matches: { entry: EmojiEntry; rank: number }[] = [];
    group.emoji.forEach((entry, index) => {
      if (words.every((word) => group.searchTexts[index]?.includes(word)))
        matches.push({ entry, rank: rank(group.labels[index] ?? "") });
    });
    matches.sort((a, b) => a.rank - b.rank);
    return matches.length > 0 ? [{ key: group.key, emoji: matches.map((match) => match.entry) }] : [];
  });
}
