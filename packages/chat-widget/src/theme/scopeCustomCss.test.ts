import { describe, expect, it } from "vitest";
import { scopeCustomCss } from "./scopeCustomCss";

describe("scopeCustomCss", () => {
  it("nests the rules under the widget root and hoists imports", () => {
    expect(scopeCustomCss("@import url(x.css);\n.parley-host-bubble{color:red}", ".parley-root")).toBe(
      "@import url(x.css);\n.parley-root{\n.parley-host-bubble{color:red}}",
    );
  });

  it("cannot escape the scope or the style element", () => {
    const scoped = scopeCustomCss("} body{display:none} </style><script>alert(1)</script>{", ".r");
    expect(scoped.startsWith("\n.r{")).toBe(true);
    expect(scoped).not.toMatch(/<\/style/i);
    let depth = 0;
    for (const character of scoped.slice(scoped.indexOf("{"))) {
      if (character === "{") depth++;
      if (character === "}") depth--;
      if (depth === 0) break;
    }
    expect(scoped.trimEnd().endsWith("}")).toBe(true);
    expect(depth).toBe(0);
  });

  it("is empty without CSS", () => {
    expect(scopeCustomCss("  ", ".r")).toBe("");
  });
});
