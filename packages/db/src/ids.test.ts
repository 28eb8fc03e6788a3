import { isCuid } from "@paralleldrive/cuid2";
import { describe, expect, it } from "vitest";
import { createId } from "./ids";

describe("createId", () => {
  it("makes cuid2-shaped identifiers: 24 characters, a letter first, lowercase base 36", () => {
    for (let i = 0; i < 1_000; i++) {
      const id = createId();
      expect(id).toMatch(/^[a-z][0-9a-z]{23}$/);
      expect(isCuid(id)).toBe(true);
    }
  });

  it("does not repeat itself and uses every character", () => {
    const ids = Array.from({ length: 50_000 }, createId);
    expect(new Set(ids).size).toBe(ids.length);
    const characters = new Set(ids.join(""));
    expect(characters.size).toBe(36);
  });
});
