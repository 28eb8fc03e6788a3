import { canonicalLanguageTag, matchLanguage } from "@parley/schemas";
import { franc } from "franc-min";

/**
 * The language of a WhatsApp conversation's first message, among the bot's languages (docs/languages.md): the
 * WhatsApp Cloud API gives no language for a contact, so the text is the only clue. franc-min (trigrams, 82
 * languages by ISO 639-3 code) compares only the bot's languages it knows; a text under 10 characters, or one it
 * cannot tell, gives null.
 */
export function detectMessageLanguage(text: string, botLanguages: readonly string[]): string | null {
  const byCode = new Map<string, string>();
  for (const tag of botLanguages) {
    const code = toIso6393(tag);
    if (code && !byCode.has(code)) byCode.set(code, tag);
  }
  if (byCode.size < 2) return null;
  const detected = franc(text, { only: [...byCode.keys()], minLength: 10 });
  const tag = byCode.get(detected);
  return tag ? matchLanguage(tag, botLanguages) : null;
}

/** The ISO 639-3 code franc-min names a language subtag by (`fr` → `fra`), through the tags' canonical aliases. */
function toIso6393(tag: string): string | null {
  const primary = (canonicalLanguageTag(tag) ?? tag).split("-")[0]?.toLowerCase() ?? "";
  if (primary.length === 3) return primary;
  return iso6391To6393[primary] ?? null;
}

/** The languages franc-min knows that have a two-letter code, by that code (Hebrew, for one, is not among them). */
const iso6391To6393: Readonly<Record<string, string>> = {
  am: "amh",
  ar: "arb",
  az: "azj",
  be: "bel",
  bg: "bul",
  bn: "ben",
  bs: "bos",
  cs: "ces",
  de: "deu",
  el: "ell",
  en: "eng",
  es: "spa",
  fa: "pes",
  fr: "fra",
  gu: "guj",
  ha: "hau",
  hi: "hin",
  hr: "hrv",
  hu: "hun",
  id: "ind",
  ig: "ibo",
  it: "ita",
  ja: "jpn",
  jv: "jav",
  kk: "kaz",
  kn: "kan",
  ko: "kor",
  ku: "ckb",
  ln: "lin",
  mg: "plt",
  ml: "mal",
  mr: "mar",
  ms: "zlm",
  my: "mya",
  ne: "npi",
  nl: "nld",
  ny: "nya",
  pa: "pan",
  pl: "pol",
  ps: "pbu",
  pt: "por",
  rn: "run",
  ro: "ron",
  ru: "rus",
  rw: "kin",
  si: "sin",
  so: "som",
  sr: "srp",
  su: "sun",
  sv: "swe",
  sw: "swh",
  ta: "tam",
  te: "tel",
  th: "tha",
  tl: "tgl",
  tr: "tur",
  uk: "ukr",
  ur: "urd",
  uz: "uzn",
  vi: "vie",
  yo: "yor",
  zh: "cmn",
  zu: "zul",
};
