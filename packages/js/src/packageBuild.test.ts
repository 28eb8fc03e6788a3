import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { embedGzipBudgetBytes } from "@parley/chat-widget/build";
import { describe, expect, it } from "vitest";
import { buildModule, indexDeclarations, parleyApiNames } from "../scripts/build";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  name: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  exports: Record<string, unknown>;
  files: string[];
};

describe("@parley/js", () => {
  it(`its ES module stays within the embed's budget of ${embedGzipBudgetBytes / 1024} KB gzip`, async () => {
    const { outputFiles = [] } = await buildModule({ write: false });
    const bundle = outputFiles.find((file) => file.path.endsWith("index.js"));
    if (!bundle) throw new Error("esbuild wrote no index.js");
    const gzipped = gzipSync(bundle.contents).byteLength;
    console.log(`@parley/js index.js: ${(gzipped / 1024).toFixed(1)} KB gzip`);
    expect(gzipped).toBeLessThanOrEqual(embedGzipBudgetBytes);
    // Everything is bundled: no import is left for the installer to resolve, no React, no zod.
    expect(bundle.text).not.toMatch(/\bfrom\s*"[^".][^"]*"/);
    expect(bundle.text).not.toContain("react.transitional.element");
    expect(bundle.text).not.toContain("ZodError");
    for (const name of parleyApiNames) expect(bundle.text).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it("publishes without workspace packages: no dependency, only dist and the README", () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.files).toEqual(["dist", "README.md"]);
    expect(manifest.exports["."]).toEqual({
      types: "./dist/index.d.ts",
      import: "./dist/index.js",
      default: "./dist/index.js",
    });
    expect(indexDeclarations).toContain('export declare const sendCommand: ParleyApi["sendCommand"];');
  });
});
