import { Readable } from "node:stream";
import type { KnowledgeFileType } from "@parley/schemas/management/knowledgeFiles";
import mammoth from "mammoth";
import Papa from "papaparse";
import { getResolvedPDFJS } from "unpdf";
import { htmlToDocument } from "./htmlToDocument";

/**
 * A file's text: one string, or (a PDF) its pages' texts one after the other, each read when the previous one
 * was consumed, so a long document is never in memory as text at once. Each piece is chunked on its own.
 */
export type FileRead = { ok: true; text: string | AsyncIterable<string> } | { ok: false; error: string };

/** A file found unreadable while its pieces were read (its message is the source's error). */
export class KnowledgeReadError extends Error {}

/** A stored file as its readers need it: part after part (streamed formats) or by ranges (PDF). */
export interface KnowledgeFileAccess {
  /** Its bytes, part after part, in order. */
  parts(): AsyncIterable<Uint8Array>;
  /** Its size in bytes. */
  size(): Promise<number>;
  /** Its bytes from `begin` to `end` (excluded). */
  range(begin: number, end: number): Promise<Uint8Array>;
}

/**
 * A file as a document for chunkText (Markdown headings where the format has headings): PDF by pages
 * (`## Page 3`, pdf.js through unpdf), DOCX through its HTML (mammoth, headings kept), HTML (html-to-text),
 * Markdown and text as they are, CSV row by row as it streams (papaparse: each row a paragraph of
 * `column: value` lines). A PDF is read by ranges as pdf.js asks for them and its text page by page as it is
 * consumed (readPdf), so neither its bytes nor its text are in memory whole; a DOCX is read whole (a zip needs
 * random access). A failure is a readable error (a PDF's found while its pages are read: KnowledgeReadError).
 */
export async function readKnowledgeFile(
  type: KnowledgeFileType,
  file: KnowledgeFileAccess,
): Promise<FileRead> {
  try {
    switch (type) {
      case "application/pdf":
        return await readPdf(file);
      case "application/vnd.openxmlformats-officedocument.wordprocessingml.document":
        return await readDocx(await collect(file.parts()));
      case "text/html":
        return nonEmpty(htmlToDocument(await decode(file.parts())), "The HTML file has no text");
      case "text/csv":
        return await readCsv(file.parts());
      default:
        return nonEmpty((await decode(file.parts())).trim(), "The file has no text");
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

/** The parts as one Uint8Array. */
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
 * Pages read from one opening of a PDF: pdf.js keeps what it read of the file and of every page it parsed until
 * the document is destroyed, so a long PDF is opened anew after this many pages.
 */
const PDF_PAGES_PER_OPENING = 200;

/** The bytes pdf.js asks for at a time (rounded up to this); the default is 64 KiB. */
const PDF_RANGE_BYTES = 128 * 1024;

type PdfDocument = Awaited<
  ReturnType<Awaited<ReturnType<typeof getResolvedPDFJS>>["getDocument"]>["promise"]
>;

/**
 * Ranges read at once for one opened PDF: pdf.js asks for every page's object at its first page (its page tree
 * read ahead), tens of ranges at once, which would hold the database pool's connections.
 */
const PDF_RANGE_READS_AT_ONCE = 2;

/**
 * The PDF opened by pdf.js on ranges of the stored file, read as pdf.js asks for them (PDF_RANGE_READS_AT_ONCE at
 * a time; disableAutoFetch: no reading ahead; disableStream: no reading of the whole file in the background), so
 * what it holds of the file is what it read since it was opened: the ranges holding every page's object (its
 * page tree read ahead; most of a file whose pages' objects lie between their contents) and the pages read, never
 * the bytes no page's text needs. pdf.js cannot be told that a range could not be read: the document is then
 * destroyed, and `settle` makes what waits on it fail with that error instead of waiting for ever.
 */
async function openPdf(file: KnowledgeFileAccess, length: number) {
  const pdfjs = await getResolvedPDFJS();
  let destroyed = false;
  let close = () => {};
  let reject: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, rejectFailed) => {
    reject = rejectFailed;
  });
  // Never unhandled: what waits on the document reads it through `settle`.
  failed.catch(() => {});
  const fail = (error: unknown) => {
    reject(error);
    close();
  };
  const settle = <T>(promise: Promise<T>): Promise<T> => Promise.race([promise, failed]);
  const waiting: (() => void)[] = [];
  let reading = 0;
  const readRange = async (begin: number, end: number) => {
    if (reading >= PDF_RANGE_READS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    reading++;
    try {
      return await file.range(begin, end);
    } finally {
      reading--;
      waiting.shift()?.();
    }
  };
  class StoredFileTransport extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number) {
      readRange(begin, end).then((bytes) => {
        // A range arriving after the document was destroyed has no reader left to take it.
        if (destroyed) return;
        try {
          this.onDataRange(begin, bytes);
        } catch (error) {
          fail(error);
        }
      }, fail);
    }
  }
  const task = pdfjs.getDocument({
    range: new StoredFileTransport(length, null),
    rangeChunkSize: PDF_RANGE_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    useSystemFonts: true,
    // pdf.js's warnings about a damaged file would go to the console; its error is reported.
    verbosity: 0,
  });
  /**
   * Destroys the document once (what pdf.js holds of it is freed). Not waited for: pdf.js may still be reading
   * its page tree ahead, and its destruction waits for reads it abandoned.
   */
  close = () => {
    if (destroyed) return;
    destroyed = true;
    task.destroy().catch(() => {});
  };
  try {
    return { pdf: await settle(task.promise), settle, close };
  } catch (error) {
    close();
    throw error;
  }
}

async function readPdf(file: KnowledgeFileAccess): Promise<FileRead> {
  const length = await file.size();
  if (length === 0) return { ok: false, error: "The file is not a readable PDF: it is empty" };
  let opened: Awaited<ReturnType<typeof openPdf>>;
  try {
    opened = await openPdf(file, length);
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === "PasswordException")
      return { ok: false, error: "The PDF is encrypted with a password: upload it without one" };
    return {
      ok: false,
      error: `The file is not a readable PDF: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return { ok: true, text: readPdfPages(file, length, opened) };
}

/**
 * The PDF's pages with text, as `## Page N` sections, one at a time as they are consumed: each page's parsed
 * content is freed before the next (unpdf's extractText reads every page at once), and the document is opened
 * anew every PDF_PAGES_PER_OPENING pages, so what pdf.js holds of the file and of the pages read stays bounded
 * whatever the file's size.
 */
async function* readPdfPages(
  file: KnowledgeFileAccess,
  length: number,
  first: Awaited<ReturnType<typeof openPdf>>,
): AsyncGenerator<string> {
  let { pdf, settle, close } = first;
  const pageCount = pdf.numPages;
  let pagesWithText = 0;
  try {
    for (let number = 1; number <= pageCount; number++) {
      if (number > 1 && (number - 1) % PDF_PAGES_PER_OPENING === 0) {
        close();
        ({ pdf, settle, close } = await openPdf(file, length));
      }
      const text = await settle(readPageText(pdf, number));
      if (!text) continue;
      pagesWithText++;
      yield `## Page ${number}\n\n${text}`;
    }
  } finally {
    close();
  }
  if (pagesWithText === 0)
    throw new KnowledgeReadError(
      "The PDF has no text (a scanned document holds images only: run it through text recognition first)",
    );
}

async function readPageText(pdf: PdfDocument, number: number): Promise<string> {
  const page = await pdf.getPage(number);
  try {
    const content = await page.getTextContent();
    return content.items
      .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
      .join("")
      .trim();
  } finally {
    page.cleanup();
  }
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
