const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

/** Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`). */
const stripInvisible = (url: string): string =>
  Array.from(url)
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code > 0x20 && code !== 0x7f;
    })
    .join("");

/**
 * Whether a URL names a scheme a bubble must not carry (`javascript:`, `vbscript:`, `data:` other
 * than images…). Relative URLs and `host:port` forms have no scheme.
 */
export const hasUnsafeScheme = (url: string, options: { allowDataImages?: boolean } = {}): boolean => {
  const compact = stripInvisible(url);
  const scheme = compact.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]?.toLowerCase();
  if (!scheme || /^[^/:]+:\d+(\/|$)/.test(compact)) return false;
  if (options.allowDataImages && scheme === "data" && /^data:image\//i.test(compact)) return false;
  return !SAFE_PROTOCOLS.has(`${scheme}:`);
};

/** The URL, or "" when its scheme is not safe to render. */
export const toSafeUrl = (url: string, options: { allowDataImages?: boolean } = {}): string =>
  hasUnsafeScheme(url, options) ? "" : url;
