/**
 * The emoji picker's categories, in emojibase's order. Its "component" group (skin tones and hair styles alone,
 * which are parts of other emoji) is not offered.
 */
export const emojiGroupKeys = [
  "smileys-emotion",
  "people-body",
  "animals-nature",
  "food-drink",
  "travel-places",
  "activities",
  "objects",
  "symbols",
  "flags",
] as const;
export type EmojiGroupKey = (typeof emojiGroupKeys)[number];

/** One emoji: its characters, its name and the words it is found by, in the interface language. */
export type EmojiEntry = { emoji: string; label: string; tags: string };

/** A category and its emoji, as `GET /emoji/{language}` sends them. */
export type EmojiGroup = { key: EmojiGroupKey; emoji: EmojiEntry[] };

/** The builder's address of the emoji data in an interface language (`app/emoji/[language]/route.ts`). */
export const emojiDataPath = (language: string) => `/emoji/${language}`;
