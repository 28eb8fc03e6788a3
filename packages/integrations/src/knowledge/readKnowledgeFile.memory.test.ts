import { spawn } from "node:child_process";
import path from "node:path";
import { createId, getPrisma } from "@parley/db";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { buildPdf } from "../testing/knowledgeFiles";

/** Stored as the upload stores a file: parts of 1 MiB. */
const PART_BYTES = 1024 * 1024;

/**
 * What reading 4 times the pages of a file 10 times larger may add to the reading process's peak resident
 * memory: measured 0 to 37 MB (the collector's timing under a loaded machine; CI once measured 37 MB), while
 * reading the file whole added about 100 MB.
 */
const PEAK_MARGIN_BYTES = 56 * 1024 * 1024;

/** A reading process taking longer than this is stopped (the test then fails). */
const READ_TIMEOUT_MS = 90_000;

/** A PDF file source of `pages` pages of text stored in a new knowledge base; returns its id. */
async function storePdf(workspaceId: string, pageCount: number, padding: number): Promise<string> {
  const prisma = getPrisma();
  const pages = Array.from({ length: pageCount }, (_, page) => [
    `Chapter ${page + 1}`,
    ...Array.from({ length: 40 }, (_, line) => `Line ${line + 1} of page ${page + 1} of the product manual`),
  ]);
  const pdf = buildPdf(pages, { padding });
  const knowledgeBase = await prisma.knowledgeBase.create({
    data: {
      id: createId(),
      workspaceId,
      name: `PDF of ${pageCount} pages`,
      embeddingModel: "text-embedding-3-small",
    },
  });
  const sourceId = createId();
  await prisma.knowledgeSource.create({
    data: {
      id: sourceId,
      knowledgeBaseId: knowledgeBase.id,
      type: "file",
      name: "manual.pdf",
      fileType: "application/pdf",
      fileSize: pdf.byteLength,
    },
  });
  for (let part = 0; part * PART_BYTES < pdf.byteLength; part++)
    await prisma.knowledgeFilePart.create({
      data: {
        sourceId,
        part,
        bytes: new Uint8Array(pdf.subarray(part * PART_BYTES, (part + 1) * PART_BYTES)),
      },
    });
  return sourceId;
}

/** The stored PDF's pages read in a process of their own: how many, and its peak resident memory. */
function readInChild(sourceId: string): Promise<{ pages: number; peakRssBytes: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "..", "testing", "readStoredPdf.ts"), sourceId],
      // The child reads this test worker's database (DATABASE_URL).
      { env: process.env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr += text;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), READ_TIMEOUT_MS);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const line = stdout.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !line.startsWith("{"))
        reject(new Error(`the reading process ended with ${signal ?? `exit code ${code}`}:\n${stderr}`));
      else resolve(JSON.parse(line));
    });
  });
}

describe("reading a stored PDF", () => {
  it("needs no more memory for four times the pages in a file ten times larger", async () => {
    const { workspaceId } = await createTestUser();
    const small = await readInChild(await storePdf(workspaceId, 50, PART_BYTES));
    const large = await readInChild(await storePdf(workspaceId, 200, 25 * PART_BYTES));
    console.info(
      `peak resident memory: ${(small.peakRssBytes / 1e6).toFixed(0)} MB for 50 pages (2 MB), ${(large.peakRssBytes / 1e6).toFixed(0)} MB for 200 pages (26 MB)`,
    );
    expect(small.pages).toBe(50);
    expect(large.pages).toBe(200);
    expect(large.peakRssBytes).toBeLessThanOrEqual(small.peakRssBytes + PEAK_MARGIN_BYTES);
  }, 180_000);
});
