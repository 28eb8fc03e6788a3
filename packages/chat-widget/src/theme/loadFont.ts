import type { Theme } from "@parley/schemas";
import { sanitizeMediaUrl } from "../rich-text/sanitizeUrl";
import { getFontFamily } from "./getThemeVariables";

/**
 * Loads the theme's font into the document (fonts declared inside a shadow root are not
 * used by browsers, so the declaration always goes to the page's <head>).
 */
export function loadFont(theme: Theme, doc: Document = document) {
  const family = getFontFamily(theme);
  const font = theme.general?.font;
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
  const link = doc.createElement("link");
  link.id = id;
  link.rel = "stylesheet";
  link.href = `https://fonts.googleapis.com/css2?family=${encodeURIComponent(family)}:wght@400;500;600;700&display=swap`;
  doc.head.append(link);
}
