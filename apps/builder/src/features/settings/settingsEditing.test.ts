import { describe, expect, it } from "vitest";
import { parseOrigin } from "./settingsEditing";

describe("parseOrigin", () => {
  it("accepts scheme + host (+ port) and normalises it", () => {
    expect(parseOrigin("https://Example.com")).toBe("https://example.com");
    expect(parseOrigin(" http://localhost:8080/ ")).toBe("http://localhost:8080");
  });

  it("refuses paths, other schemes and non-URLs", () => {
    expect(parseOrigin("https://example.com/page")).toBeNull();
    expect(parseOrigin("https://example.com?x=1")).toBeNull();
    expect(parseOrigin("ftp://example.com")).toBeNull();
    expect(parseOrigin("javascript:alert(1)")).toBeNull();
    expect(parseOrigin("example.com")).toBeNull();
  });
});
