import { MAX_KNOWLEDGE_FILE_BYTES } from "@parley/schemas/management/knowledgeFiles";
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import {
  checkKnowledgeFile,
  describeKnowledgeFileProblem,
  formatFileSize,
  knowledgeFileAccept,
} from "./knowledgeFileCheck";

const english = createTranslator({ locale: "en", messages: interfaceMessages.en, namespace: "Knowledge" });
const french = createTranslator({ locale: "fr", messages: interfaceMessages.fr, namespace: "Knowledge" });
/** The check's refusal as the dialog says it, in English or French. */
const refusal = (file: { name: string; type: string; size: number }, language: "en" | "fr" = "en") => {
  const check = checkKnowledgeFile(file);
  return check.ok
    ? null
    : describeKnowledgeFileProblem(file, check.problem, language === "en" ? english : french, language);
};

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
    ).toEqual({ ok: false, problem: "tooLarge" });
    const huge = { name: "huge.pdf", type: "application/pdf", size: 60 * 1024 * 1024 };
    expect(refusal(huge)).toBe("huge.pdf (60 MB) is larger than 50 MB, the most a file may be");
    expect(refusal(huge, "fr")).toBe(
      "huge.pdf (60\u202fMo) dépasse 50\u202fMo, la taille maximale d’un fichier",
    );
    expect(
      checkKnowledgeFile({ name: "limit.pdf", type: "application/pdf", size: MAX_KNOWLEDGE_FILE_BYTES }).ok,
    ).toBe(true);
  });

  it("refuses an empty file and another kind, naming the file", () => {
    expect(checkKnowledgeFile({ name: "blank.txt", type: "text/plain", size: 0 })).toEqual({
      ok: false,
      problem: "empty",
    });
    expect(refusal({ name: "blank.txt", type: "text/plain", size: 0 })).toBe("blank.txt is empty");
    expect(refusal({ name: "photo.png", type: "image/png", size: 5 })).toBe(
      "photo.png is not a PDF, DOCX, Markdown, HTML, text or CSV file",
    );
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
    expect([formatFileSize(12, "fr"), formatFileSize(2.5 * 1024 * 1024, "fr")]).toEqual([
      "12\u00a0octets",
      "2,5\u202fMo",
    ]);
  });
});
