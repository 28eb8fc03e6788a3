// Every character reference of CommonMark: a name of HTML's table, or a decimal / hexadecimal code point.
const reference = /&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g;

let decoder: HTMLTextAreaElement | undefined;

/**
 * Markdown text keeps its character references (`&amp;`, `&eacute;`, `&#x27;`) as written; rendered
 * as text nodes they are decoded here, by the browser's own HTML parser (the full table of named
 * references at no cost to the embed bundle). Only the reference itself is parsed, as the content of
 * a `<textarea>` (text only, never markup), and the result is used as text. A name that is not in
 * the table stays as written, as CommonMark says; so does every reference where no document exists
 * (the widget renders Markdown in the browser only).
 */
export function decodeEntities(text: string): string {
  if (!text.includes("&") || typeof document === "undefined") return text;
  return text.replace(reference, decodeReference);
}

function decodeReference(written: string): string {
  decoder ??= document.createElement("textarea");
  decoder.innerHTML = written;
  const decoded = decoder.value;
  // HTML also decodes a known name that only starts the reference (`&copyx;` as "©x;"); CommonMark
  // takes the whole name or nothing. A whole reference never decodes to a trailing ";" but `&semi;`.
  if (written[1] !== "#" && decoded.endsWith(";") && written !== "&semi;") return written;
  return decoded;
}
