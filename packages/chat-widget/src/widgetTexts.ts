import { matchLanguage } from "@parley/schemas/bot/languages/languageTags";
import { en, type WidgetTextKey, type WidgetTexts } from "./widget-texts/en";

// The widget's own words that are neither the author's texts nor the bot's system messages: its field errors,
// failure notices, the inputs' default labels and the accessible names of its controls, bubbles and embeds (the
// author's labels win where set). They are written in the conversation's language, in the languages the runtime
// writes its own texts in (docs/languages.md, "Texts the runtime writes"), else English. The embed's bundle carries
// English only (its size budget); another language's catalogue is fetched from the viewer
// (`/embed-texts/<language>.json`) when a conversation speaks it, English standing in until it arrives.

export type { WidgetTextKey, WidgetTexts };

/** The languages with a catalogue (widget-texts/widgetTextCatalogues.ts). */
export const widgetTextLanguages = ["en", "fr", "de", "es", "pt-BR"] as const;

const catalogues = new Map<string, WidgetTexts>([["en", en]]);
const loading = new Map<string, Promise<boolean>>();

/** The catalogue language a conversation's language reads (`fr-CA` → fr, `pt` → pt-BR), else English. */
export function toWidgetTextLanguage(language: string | null | undefined): string {
  return (language && matchLanguage(language, widgetTextLanguages)) || "en";
}

/** Makes a language's catalogue available (what `loadWidgetTexts` fetched; tests and bundles that carry it). */
export function registerWidgetTexts(language: string, texts: WidgetTexts) {
  catalogues.set(language, texts);
}

/** One of the widget's texts in `language` (English until its catalogue is there). */
export function widgetText(
  language: string | null | undefined,
  key: WidgetTextKey,
  values: Record<string, string> = {},
): string {
  const texts = catalogues.get(toWidgetTextLanguage(language)) ?? en;
  return texts[key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Fetches the catalogue of a conversation's language from the viewer, once; resolves true when it was not there
 * before (what is drawn can then be drawn again). A catalogue that fails to load or lacks a key leaves English.
 */
export function loadWidgetTexts(apiHost: string, language: string | null | undefined): Promise<boolean> {
  const tag = toWidgetTextLanguage(language);
  if (catalogues.has(tag)) return Promise.resolve(false);
  let pending = loading.get(tag);
  if (!pending) {
    pending = fetch(`${apiHost.replace(/\/+$/, "")}/embed-texts/${tag}.json`)
      .then((response) => (response.ok ? response.json() : undefined))
      .then((texts: Record<string, unknown> | undefined) => {
        if (texts && Object.keys(en).every((key) => typeof texts[key] === "string")) {
          registerWidgetTexts(tag, texts as WidgetTexts);
          return true;
        }
        loading.delete(tag);
        return false;
      })
      .catch(() => {
        // Tried again by the next conversation that speaks it.
        loading.delete(tag);
        return false;
      });
    loading.set(tag, pending);
  }
  return pending;
}
