import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parleyVersion } from "./version";

describe("parleyVersion", () => {
  it("is the root package.json's version", () => {
    const root = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(parleyVersion).toBe(root.version);
    expect(parleyVersion).toMatch(/^\d+\.\d+\.\d+/);
  });
});
