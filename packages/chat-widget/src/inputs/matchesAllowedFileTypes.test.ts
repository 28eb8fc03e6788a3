import { describe, expect, it } from "vitest";
import { formatFileSize, matchesAllowedFileTypes, toAcceptAttribute } from "./matchesAllowedFileTypes";

describe("matchesAllowedFileTypes", () => {
  const pdf = { name: "Report.PDF", type: "application/pdf" };
  const png = { name: "a.png", type: "image/png" };

  it("matches extensions, MIME types and families", () => {
    expect(matchesAllowedFileTypes(pdf, [".pdf"])).toBe(true);
    expect(matchesAllowedFileTypes(pdf, ["pdf"])).toBe(true);
    expect(matchesAllowedFileTypes(pdf, ["application/pdf"])).toBe(true);
    expect(matchesAllowedFileTypes(png, ["image/*"])).toBe(true);
    expect(matchesAllowedFileTypes(pdf, ["image/*", ".docx"])).toBe(false);
    expect(matchesAllowedFileTypes(pdf, [])).toBe(true);
  });

  it("builds the accept attribute and readable sizes", () => {
    expect(toAcceptAttribute(["pdf", "image/*", ".csv"])).toBe(".pdf,image/*,.csv");
    expect(toAcceptAttribute([])).toBeUndefined();
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe("2.5 MB");
    expect(formatFileSize(512)).toBe("512 B");
  });
});
