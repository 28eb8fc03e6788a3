import type { Theme } from "@parley/schemas";
import { getIncludedFont } from "@parley/schemas/bot/includedFonts";
import { applyThemeDefaults } from "@parley/schemas/bot/themeDefaults";
import { sanitizeMediaUrl } from "../rich-text/sanitizeUrl";
import { getFontFamily } from "./getThemeVariables";

/**
 * Loads the theme's font into the document (fonts declared inside a shadow root are not used by
 * browsers, so the declaration always goes to the page's <head>). Included fonts come from
 * `fontHost` (the viewer, or the builder in its preview); a custom font from the author's URL; any
 * other family from Google Fonts, which only a family the author picked outside the included set reaches.
 */
export function loadFont(theme: Theme, fontHost: string, doc: Document = document) {
  // The family the widget's CSS names (the default theme's when the bot sets none).
  const font = applyThemeDefaults(theme).general.font;
  const family = getFontFamily({ general: { font } });
  if (!family) return;
  const id = `parley-font-${family.replace(/\s+/g, "-").toLowerCase()}`;
  if (doc.getElementById(id)) return;
  if (typeof font === "object" && font?.type === "Custom") {
    const url = sanitizeMediaUrl(font.url);
    if (!url) return;
    const style = doc.createElement("style");
    style.id = id;
    style.textContent = `@font-face{font-family:"${family}";src:url("${encodeURI(url)}");font-display:swap}`;
    doc.head.append(style);
    return;
  }
  const included = getIncludedFont(family);
  const link = doc.createElement("link");
  link.id = id;
  link.rel = "stylesheet";
  link.href = included
    ? `${fontHost.replace(/\/+$/, "")}/fonts/${included.id}.css`
    : `https://fonts.googleapis.com/css2?family=${encodeURIComponent(family)}:wght@400;500;600;700&display=swap`;
  doc.head.append(link);
}
