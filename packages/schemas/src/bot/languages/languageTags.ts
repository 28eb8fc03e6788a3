// Language tags (BCP 47) as the runtime, the share page and the widget read them. Zod-free: the widget's
// embed bundle imports this module by its own path (docs/languages.md).

/** Language subtags written right to left: Arabic, Hebrew, Persian, Urdu and the other right-to-left scripts' languages. */
export const rightToLeftLanguages: readonly string[] = [
  "ar",
  "arc",
  "ckb",
  "dv",
  "fa",
  "he",
  "iw",
  "ks",
  "ku-Arab",
  "ps",
  "sd",
  "ug",
  "ur",
  "yi",
];

/** A tag in its canonical form (`EN-us` → `en-US`, `fra` → `fr`), or null when it is not a well-formed BCP 47 tag. */
export function canonicalLanguageTag(tag: string): string | null {
  const trimmed = tag.trim();
  if (trimmed === "" || trimmed.length > 64) return null;
  try {
    return Intl.getCanonicalLocales(trimmed)[0] ?? null;
  } catch {
    return null;
  }
}

/** The language subtag of a tag: `pt-BR` → `pt`. */
export function primaryLanguageSubtag(tag: string): string {
  return (tag.split("-")[0] ?? tag).toLowerCase();
}

/** Whether text in this language is written right to left (`ar`, `he-IL`, `fa`, `ur`…). */
export function isRightToLeftLanguage(tag: string | null | undefined): boolean {
  if (!tag) return false;
  const primary = primaryLanguageSubtag(tag);
  if (primary === "ku") return /-arab\b/i.test(tag);
  return rightToLeftLanguages.includes(primary);
}

/** The text direction of a language, as the `dir` attribute takes it. */
export function languageDirection(tag: string | null | undefined): "rtl" | "ltr" {
  return isRightToLeftLanguage(tag) ? "rtl" : "ltr";
}

/**
 * The language of `available` a requested tag names: the same tag (case-insensitive, canonical forms compared),
 * else the first with the same language subtag (`fr-CA` → `fr`, `pt` → `pt-BR`). Null when none.
 */
export function matchLanguage(requested: string, available: readonly string[]): string | null {
  const canonical = canonicalLanguageTag(requested);
  if (!canonical) return null;
  const lower = canonical.toLowerCase();
  for (const tag of available) if (tag.toLowerCase() === lower) return tag;
  const primary = primaryLanguageSubtag(canonical);
  for (const tag of available) if (primaryLanguageSubtag(tag) === primary) return tag;
  return null;
}

/** The first of several requested tags, in order, that names one of `available`. */
export function matchFirstLanguage(
  requested: readonly string[],
  available: readonly string[],
): string | null {
  for (const tag of requested) {
    const match = matchLanguage(tag, available);
    if (match) return match;
  }
  return null;
}

/**
 * The tags of an `Accept-Language` header, most wanted first (by q-weight, then order); `*`, malformed entries
 * and q=0 are left out. At most 20 entries are read.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; weight: number; order: number }[] = [];
  for (const [order, part] of header.split(",").slice(0, 20).entries()) {
    const [rawTag = "", ...parameters] = part.split(";");
    const tag = rawTag.trim();
    if (tag === "" || tag === "*") continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [name, value] = parameter.split("=").map((piece) => piece.trim());
      if (name?.toLowerCase() === "q") weight = Number(value);
    }
    if (!Number.isFinite(weight) || weight <= 0 || weight > 1) continue;
    const canonical = canonicalLanguageTag(tag);
    if (canonical) entries.push({ tag: canonical, weight, order });
  }
  return entries.sort((a, b) => b.weight - a.weight || a.order - b.order).map((entry) => entry.tag);
}
