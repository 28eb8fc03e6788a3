import { MAX_KNOWLEDGE_FILE_BYTES } from "@parley/schemas/management/knowledgeFiles";
import { describe, expect, it } from "vitest";
import { checkKnowledgeFile, formatFileSize, knowledgeFileAccept } from "./knowledgeFileCheck";

describe("checkKnowledgeFile", () => {
  it("takes the six kinds by media type, or by extension when the browser gives none", () => {
    expect(checkKnowledgeFile({ name: "manual.pdf", type: "application/pdf", size: 10 })).toEqual({
      ok: true,
      fileType: "application/pdf",
    });
    expect(checkKnowledgeFile({ name: "notes.md", type: "", size: 10 })).toEqual({
      ok: true,
      fileType: "text/markdown",
    });
    expect(checkKnowledgeFile({ name: "prices.CSV", type: "application/octet-stream", size: 10 })).toEqual({
      ok: true,
      fileType: "text/csv",
    });
  });

  it("refuses a file over 50 MB before it is sent, and takes exactly 50 MB", () => {
    expect(
      checkKnowledgeFile({ name: "big.pdf", type: "application/pdf", size: MAX_KNOWLEDGE_FILE_BYTES + 1 }),
    ).toMatchObject({ ok: false, error: expect.stringContaining("is larger than 50 MB") });
    expect(
      checkKnowledgeFile({ name: "huge.pdf", type: "application/pdf", size: 60 * 1024 * 1024 }),
    ).toMatchObject({ ok: false, error: "huge.pdf (60 MB) is larger than 50 MB, the most a file may be" });
    expect(
      checkKnowledgeFile({ name: "limit.pdf", type: "application/pdf", size: MAX_KNOWLEDGE_FILE_BYTES }).ok,
    ).toBe(true);
  });

  it("refuses an empty file and another kind, naming the file", () => {
    expect(checkKnowledgeFile({ name: "blank.txt", type: "text/plain", size: 0 })).toEqual({
      ok: false,
      error: "blank.txt is empty",
    });
    expect(checkKnowledgeFile({ name: "photo.png", type: "image/png", size: 5 })).toEqual({
      ok: false,
      error: "photo.png is not a PDF, DOCX, Markdown, HTML, text or CSV file",
    });
  });

  it("offers the kinds in the file picker", () => {
    expect(knowledgeFileAccept.split(",")).toEqual(
      expect.arrayContaining(["application/pdf", ".pdf", ".docx", ".md", ".html", ".txt", ".csv"]),
    );
  });

  it("says sizes in bytes, KB and MB", () => {
    expect([formatFileSize(12), formatFileSize(2048), formatFileSize(2.5 * 1024 * 1024)]).toEqual([
      "12 bytes",
      "2 KB",
      "2.5 MB",
    ]);
  });
});
