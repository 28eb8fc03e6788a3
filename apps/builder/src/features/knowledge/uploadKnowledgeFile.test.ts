import { describe, expect, it } from "vitest";
import { readApiErrorMessage, toSourceName } from "./uploadKnowledgeFile";

describe("uploadKnowledgeFile's helpers", () => {
  it("reads the API's error body: the first issue's message, else the message", () => {
    expect(
      readApiErrorMessage({
        code: "BAD_REQUEST",
        message: "Bad request",
        issues: [{ message: "The file is larger than 50 MB", code: "PAYLOAD_TOO_LARGE" }],
      }),
    ).toBe("The file is larger than 50 MB");
    expect(readApiErrorMessage({ code: "FORBIDDEN", message: "Forbidden", issues: [] })).toBe("Forbidden");
    expect(readApiErrorMessage("<html>Bad gateway</html>")).toBeNull();
    expect(readApiErrorMessage(null)).toBeNull();
  });

  it("keeps a file name as the source's name, cutting a long one before its extension", () => {
    expect(toSourceName("manual.pdf")).toBe("manual.pdf");
    const long = `${"a".repeat(120)}.docx`;
    const name = toSourceName(long);
    expect(name).toHaveLength(100);
    expect(name.endsWith("….docx")).toBe(true);
  });
});
