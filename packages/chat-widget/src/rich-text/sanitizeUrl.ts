const allowedProtocols = new Set(["http:", "https:", "mailto:", "tel:"]);

/**
 * The URL when it is safe to put in an `href`/`src` (http, https, mailto, tel; relative
 * URLs resolve against the page), else undefined. Blocks `javascript:`, `data:`,
 * `vbscript:` and their obfuscated spellings (control characters, entity-free whitespace).
 */
export function sanitizeUrl(url: string | undefined | null): string | undefined {
  if (typeof url !== "string") return undefined;
  // Browsers drop ASCII whitespace and control characters inside schemes ("java\tscript:").
  const trimmed = [...url]
    .filter((character) => character.charCodeAt(0) > 0x1f && character.charCodeAt(0) !== 0x7f)
    .join("")
    .trim();
  if (trimmed === "") return undefined;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(trimmed);
  if (!scheme) {
    // Protocol-relative and path URLs stay on http(s).
    if (/^[/?#.]/.test(trimmed) || /^[\w-]+(\.[\w-]+)+/.test(trimmed)) return trimmed;
    return undefined;
  }
  return allowedProtocols.has(`${scheme[1].toLowerCase()}:`) ? trimmed : undefined;
}

/** Like sanitizeUrl, for media and frames: only http(s) (and relative) URLs. */
export function sanitizeMediaUrl(url: string | undefined | null): string | undefined {
  const safe = sanitizeUrl(url);
  if (!safe) return undefined;
  return /^(mailto|tel):/i.test(safe) ? undefined : safe;
}

/** Like sanitizeMediaUrl, for <img> sources: also inline images (`data:image/…`; scripts never run in an <img>). */
export function sanitizeImageUrl(url: string | undefined | null): string | undefined {
  if (typeof url === "string" && /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i.test(url.trim()))
    return url.trim();
  return sanitizeMediaUrl(url);
}
