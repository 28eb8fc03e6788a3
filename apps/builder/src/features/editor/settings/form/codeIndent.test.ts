import { describe, expect, it } from "vitest";
import { indentSelection, outdent } from "./codeIndent";

describe("code editor tab handling", () => {
  it("inserts two spaces at the caret", () => {
    expect(indentSelection("ab", 1, 1)).toEqual({ value: "a  b", start: 3, end: 3 });
  });

  it("indents and outdents every selected line", () => {
    const code = "if (a) {\nreturn 1;\n}";
    const indented = indentSelection(code, 9, 18);
    expect(indented.value).toBe("if (a) {\n  return 1;\n}");
    expect(indented.value.slice(indented.start, indented.end)).toBe("return 1;");
    const back = outdent(indented.value, indented.start, indented.end);
    expect(back.value).toBe(code);
    expect(back.value.slice(back.start, back.end)).toBe("return 1;");
  });
});
