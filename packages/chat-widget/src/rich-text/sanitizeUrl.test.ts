import { describe, expect, it } from "vitest";
import { sanitizeImageUrl, sanitizeMediaUrl, sanitizeUrl } from "./sanitizeUrl";

describe("sanitizeUrl", () => {
  it("keeps web, mail and phone links", () => {
    expect(sanitizeUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(sanitizeUrl("HTTP://example.com")).toBe("HTTP://example.com");
    expect(sanitizeUrl("mailto:a@b.co")).toBe("mailto:a@b.co");
    expect(sanitizeUrl("tel:+33123")).toBe("tel:+33123");
    expect(sanitizeUrl("/relative/path")).toBe("/relative/path");
    expect(sanitizeUrl("example.com/page")).toBe("example.com/page");
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0001javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "",
    "alert(1)",
  ])("rejects %j", (url) => {
    expect(sanitizeUrl(url)).toBeUndefined();
  });

  it("only lets http(s) into media sources", () => {
    expect(sanitizeMediaUrl("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(sanitizeMediaUrl("mailto:a@b.co")).toBeUndefined();
    expect(sanitizeMediaUrl("javascript:alert(1)")).toBeUndefined();
  });
});

describe("sanitizeImageUrl", () => {
  it("also accepts inline images but no other data URLs", () => {
    expect(sanitizeImageUrl("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
    expect(sanitizeImageUrl("data:image/svg+xml;utf8,<svg/>")).toBe("data:image/svg+xml;utf8,<svg/>");
    expect(sanitizeImageUrl("data:text/html,<script>alert(1)</script>")).toBeUndefined();
    expect(sanitizeImageUrl("https://x.io/a.png")).toBe("https://x.io/a.png");
  });
});
