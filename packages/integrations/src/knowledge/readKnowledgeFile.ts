import { Readable } from "node:stream";
import type { KnowledgeFileType } from "@parley/schemas/management/knowledgeFiles";
import mammoth from "mammoth";
import Papa from "papaparse";
import { getDocumentProxy } from "unpdf";
import { htmlToDocument } from "./htmlToDocument";

/**
 * A file's text: one string, or (a PDF) its pages' texts one after the other, each read when the previous one
 * was consumed, so a long document is never in memory as text at once. Each piece is chunked on its own.
 */
export type FileRead = { ok: true; text: string | AsyncIterable<string> } | { ok: false; error: string };

/** A file found unreadable while its pieces were read (its message is the source's error). */
export class KnowledgeReadError extends Error {}

/**
 * A file as a document for chunkText (Markdown headings where the format has headings): PDF by pages
 * (`## Page 3`, unpdf), DOCX through its HTML (mammoth, headings kept), HTML (html-to-text), Markdown and text as
 * they are, CSV row by row as it streams (papaparse: each row a paragraph of `column: value` lines). PDF and
 * DOCX files are read whole (their formats need random access), but a PDF's text is read page by page as it is
 * consumed; a failure is a readable error (a PDF's found while its pages are read: KnowledgeReadError).
 */
export async function readKnowledgeFile(
  type: KnowledgeFileType,
  parts: () => AsyncIterable<Uint8Array>,
): Promise<FileRead> {
  try {
    switch (type) {
      case "application/pdf":
        return await readPdf(await collect(parts()));
      case "application/vnd.openxmlformats-officedocument.wordprocessingml.document":
        return await readDocx(await collect(parts()));
      case "text/html":
        return nonEmpty(htmlToDocument(await decode(parts())), "The HTML file has no text");
      case "text/csv":
        return await readCsv(parts());
      default:
        return nonEmpty((await decode(parts())).trim(), "The file has no text");
    }
  } catch (error) {
    return {
      ok: false,
      error: `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

function nonEmpty(text: string, error: string): FileRead {
  return text ? { ok: true, text } : { ok: false, error };
}

/** The parts as one plain Uint8Array (pdf.js refuses a Buffer). */
async function collect(parts: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const buffers: Uint8Array[] = [];
  let size = 0;
  for await (const part of parts) {
    buffers.push(part);
    size += part.byteLength;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const buffer of buffers) {
    bytes.set(buffer, offset);
    offset += buffer.byteLength;
  }
  return bytes;
}

/** The parts as UTF-8 text, piece by piece (a character split between two parts is decoded whole). */
async function* decodeParts(parts: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: false });
  for await (const part of parts) {
    const text = decoder.decode(part, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

async function decode(parts: AsyncIterable<Uint8Array>): Promise<string> {
  let text = "";
  for await (const piece of decodeParts(parts)) text += piece;
  return text;
}

/**
 * Pages read from one opening of a PDF: pdf.js keeps something of every page it parsed until the document is
 * destroyed (about 60 KB a page, measured), so a long PDF is opened anew after this many pages.
 */
const PDF_PAGES_PER_OPENING = 200;

/** The PDF opened by pdf.js, on a copy of its bytes (pdf.js may take the buffer it is given). */
function openPdf(bytes: Uint8Array) {
  // verbosity 0: pdf.js's warnings about a damaged file would go to the console; its error is reported.
  return getDocumentProxy(bytes.slice(), { verbosity: 0 });
}

async function readPdf(bytes: Uint8Array): Promise<FileRead> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await openPdf(bytes);
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === "PasswordException")
      return { ok: false, error: "The PDF is encrypted with a password: upload it without one" };
    return {
      ok: false,
      error: `The file is not a readable PDF: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return { ok: true, text: readPdfPages(bytes, pdf) };
}

/**
 * The PDF's pages with text, as `## Page N` sections, one at a time as they are consumed: each page's parsed
 * content is freed before the next (unpdf's extractText reads every page at once), and the document is opened
 * anew every PDF_PAGES_PER_OPENING pages, so what pdf.js holds of the pages read stays bounded. What stays whole
 * in memory is the file's bytes (twice: its copy and pdf.js's, which random access needs).
 */
async function* readPdfPages(
  bytes: Uint8Array,
  opened: Awaited<ReturnType<typeof getDocumentProxy>>,
): AsyncGenerator<string> {
  let pdf = opened;
  let pagesWithText = 0;
  try {
    for (let number = 1; number <= pdf.numPages; number++) {
      if (number > 1 && (number - 1) % PDF_PAGES_PER_OPENING === 0) {
        await pdf.loadingTask.destroy();
        pdf = await openPdf(bytes);
      }
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
        .join("")
        .trim();
      page.cleanup();
      if (!text) continue;
      pagesWithText++;
      yield `## Page ${number}\n\n${text}`;
    }
  } finally {
    await pdf.loadingTask.destroy();
  }
  if (pagesWithText === 0)
    throw new KnowledgeReadError(
      "The PDF has no text (a scanned document holds images only: run it through text recognition first)",
    );
}

async function readDocx(bytes: Uint8Array): Promise<FileRead> {
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  return nonEmpty(htmlToDocument(value), "The document has no text");
}

/** Each row a paragraph of `column: value` lines (the header row names the columns), read as it streams. */
async function readCsv(parts: AsyncIterable<Uint8Array>): Promise<FileRead> {
  const rows: string[] = [];
  let header: string[] | null = null;
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(Readable.from(decodeParts(parts)), {
      skipEmptyLines: "greedy",
      step: (result) => {
        const cells = result.data.map((cell) => String(cell ?? "").trim());
        if (!header) {
          header = cells;
          return;
        }
        const lines = cells
          .map((cell, index) => (cell ? `${header?.[index] || `Column ${index + 1}`}: ${cell}` : ""))
          .filter(Boolean);
        if (lines.length) rows.push(lines.join("\n"));
      },
      complete: () => resolve(),
      error: (error) => reject(error),
    });
  });
  return nonEmpty(rows.join("\n\n"), "The CSV file has no row below its header");
}
