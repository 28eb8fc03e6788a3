/** One passage of a document, as it is indexed and returned. */
export interface TextChunk {
  text: string;
  /** The headings above the passage, outermost first, joined by " > "; null when none. */
  heading: string | null;
}

export interface ChunkOptions {
  /** A chunk's length in characters at most (a longer sentence is cut between words). */
  maxChars: number;
  /** Characters of the previous chunk of the same section repeated at the start of the next one. */
  overlapChars: number;
}

export const defaultChunkOptions: ChunkOptions = { maxChars: 1200, overlapChars: 200 };

const headingLine = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

/**
 * Cuts a document (plain text or Markdown) into passages that follow its structure: a Markdown heading
 * starts a new section (and is the location of its passages), paragraphs (blank-line separated) are kept
 * whole when they fit, a long paragraph is cut between sentences, then between words. Consecutive
 * passages of one section share up to `overlapChars` characters (whole sentences where possible), so
 * an answer on the border of two passages is in one of them.
 */
export function chunkText(document: string, options: ChunkOptions = defaultChunkOptions): TextChunk[] {
  const chunks: TextChunk[] = [];
  const headings: string[] = [];
  for (const section of readSections(document.replace(/\r\n?/g, "\n"), headings)) {
    const heading = section.headings.length ? section.headings.join(" > ") : null;
    const pieces = section.paragraphs.flatMap((paragraph) => splitLong(paragraph, options.maxChars));
    let current: string[] = [];
    let length = 0;
    const flush = () => {
      if (current.length) chunks.push({ text: current.join("\n\n"), heading });
    };
    for (const piece of pieces) {
      if (length > 0 && length + 2 + piece.length > options.maxChars) {
        flush();
        const overlap = takeOverlap(current, options.overlapChars, options.maxChars - piece.length - 2);
        current = overlap ? [overlap] : [];
        length = overlap.length;
      }
      current.push(piece);
      length += (length > 0 ? 2 : 0) + piece.length;
    }
    flush();
  }
  return chunks;
}

interface Section {
  headings: string[];
  paragraphs: string[];
}

function* readSections(document: string, headings: string[]): Generator<Section> {
  let section: Section = { headings: [], paragraphs: [] };
  let paragraph: string[] = [];
  const endParagraph = () => {
    const text = paragraph.join("\n").trim();
    if (text) section.paragraphs.push(text);
    paragraph = [];
  };
  for (const line of document.split("\n")) {
    const match = headingLine.exec(line);
    if (match) {
      endParagraph();
      if (section.paragraphs.length) yield section;
      const level = match[1]?.length ?? 1;
      headings.splice(level - 1);
      while (headings.length < level - 1) headings.push("");
      headings.push(match[2] ?? "");
      section = { headings: headings.filter(Boolean), paragraphs: [] };
    } else if (line.trim() === "") endParagraph();
    else paragraph.push(line);
  }
  endParagraph();
  if (section.paragraphs.length) yield section;
}

/** A paragraph as pieces of at most `maxChars`: whole sentences where they fit, else runs of words. */
function splitLong(paragraph: string, maxChars: number): string[] {
  if (paragraph.length <= maxChars) return [paragraph];
  const sentences = paragraph.split(/(?<=[.!?…。])\s+/).flatMap((sentence) => splitWords(sentence, maxChars));
  const pieces: string[] = [];
  let current = "";
  for (const sentence of sentences) {
    if (current && current.length + 1 + sentence.length > maxChars) {
      pieces.push(current);
      current = sentence;
    } else current = current ? `${current} ${sentence}` : sentence;
  }
  if (current) pieces.push(current);
  return pieces;
}

function splitWords(sentence: string, maxChars: number): string[] {
  if (sentence.length <= maxChars) return [sentence];
  const pieces: string[] = [];
  let current = "";
  for (const word of sentence.split(/\s+/)) {
    // A single "word" longer than a chunk (a URL, a base64 run) is cut where it must be.
    for (let start = 0; start < word.length; start += maxChars) {
      const part = word.slice(start, start + maxChars);
      if (current && current.length + 1 + part.length > maxChars) {
        pieces.push(current);
        current = part;
      } else current = current ? `${current} ${part}` : part;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** The end of the flushed chunk to repeat: whole sentences up to `overlapChars` (and what still fits). */
function takeOverlap(previous: string[], overlapChars: number, room: number): string {
  const limit = Math.min(overlapChars, room);
  if (limit <= 0) return "";
  const last = previous.at(-1) ?? "";
  const sentences = last.split(/(?<=[.!?…。])\s+/);
  let overlap = "";
  for (let index = sentences.length - 1; index >= 0; index--) {
    const candidate = overlap ? `${sentences[index]} ${overlap}` : (sentences[index] ?? "");
    if (candidate.length > limit) break;
    overlap = candidate;
  }
  return overlap;
}
