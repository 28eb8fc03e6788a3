const names = new Map<string, Intl.DisplayNames>();

/** A language tag as a reader names it ("French (fr)"), in the interface's language; the tag alone when unknown. */
export function languageName(tag: string, interfaceLanguage = "en"): string {
  let displayNames = names.get(interfaceLanguage);
  if (!displayNames) {
    displayNames = new Intl.DisplayNames([interfaceLanguage], { type: "language", fallback: "none" });
    names.set(interfaceLanguage, displayNames);
  }
  let name: string | undefined;
  try {
    name = displayNames.of(tag);
  } catch {
    name = undefined;
  }
  return name && name !== tag ? `${name} (${tag})` : tag;
}
