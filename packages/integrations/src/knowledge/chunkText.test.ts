import { describe, expect, it } from "vitest";
import { chunkText } from "./chunkText";

describe("chunkText", () => {
  it("starts a passage at each heading and gives it the headings above it", () => {
    const chunks = chunkText(
      "Intro line.\n\n# Billing\n\nInvoices are monthly.\n\n## Refunds\n\nRefunds take 5 days.\n\n# Support\n\nWrite to us.",
    );
    expect(chunks).toEqual([
      { text: "Intro line.", heading: null },
      { text: "Invoices are monthly.", heading: "Billing" },
      { text: "Refunds take 5 days.", heading: "Billing > Refunds" },
      { text: "Write to us.", heading: "Support" },
    ]);
  });

  it("keeps paragraphs whole while they fit, and repeats the end of a passage at the start of the next", () => {
    const paragraphs = [
      "First fact. Second fact.",
      "Third fact here.",
      "Fourth fact is longer than the others.",
    ];
    const chunks = chunkText(paragraphs.join("\n\n"), { maxChars: 60, overlapChars: 20 });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      "First fact. Second fact.\n\nThird fact here.",
      "Third fact here.\n\nFourth fact is longer than the others.",
    ]);
  });

  it("cuts a long paragraph between sentences, then words, never over the limit", () => {
    const sentence = "The warranty covers parts and labour for two years.";
    const long = `${Array.from({ length: 30 }, () => sentence).join(" ")} ${"x".repeat(250)}`;
    const chunks = chunkText(long, { maxChars: 200, overlapChars: 60 });
    expect(chunks.length).toBeGreaterThan(8);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(200);
    expect(chunks[1]?.text.startsWith(sentence)).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join(" ")).toContain("x".repeat(200));
  });

  it("reads CRLF line ends and returns nothing for a blank document", () => {
    expect(chunkText("# Title\r\n\r\nBody text.\r\n")).toEqual([{ text: "Body text.", heading: "Title" }]);
    expect(chunkText(" \n\n \n")).toEqual([]);
  });
});
