import type { Locale } from "date-fns";
import * as dateFnsLocales from "date-fns/locale";

let byCode: Map<string, Locale> | undefined;

/**
 * date-fns' locale for a BCP 47 tag, for month and day names: the tag itself (`pt-BR`), else its language with
 * its likeliest region (`en` → `en-US`, `zh` → `zh-CN`, `fa` → `fa-IR`), else the language alone (`fr-BE` → `fr`);
 * undefined when date-fns has none (English names then).
 */
export function findDateLocale(tag: string): Locale | undefined {
  byCode ??= new Map(
    Object.values(dateFnsLocales)
      .filter((locale): locale is Locale => typeof locale === "object" && locale !== null && "code" in locale)
      .map((locale) => [String(locale.code).toLowerCase(), locale]),
  );
  let parsed: Intl.Locale;
  try {
    parsed = new Intl.Locale(tag);
  } catch {
    return undefined;
  }
  const likely = parsed.maximize();
  const candidates = [
    parsed.toString(),
    likely.region ? `${parsed.language}-${likely.region}` : undefined,
    parsed.language,
  ];
  for (const candidate of candidates) {
    const locale = candidate ? byCode.get(candidate.toLowerCase()) : undefined;
    if (locale) return locale;
  }
  return undefined;
}
