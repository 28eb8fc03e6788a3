import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildEmbed, embedGzipBudgetBytes } from "../../scripts/buildEmbed";

describe("the embed bundle", () => {
  it(`stays within its budget of ${embedGzipBudgetBytes / 1024} KB gzip`, async () => {
    const { outputFiles = [] } = await buildEmbed({ write: false });
    const bundle = outputFiles.find((file) => file.path.endsWith("embed.js"));
    if (!bundle) throw new Error("esbuild wrote no embed.js");
    const gzipped = gzipSync(bundle.contents).byteLength;
    console.log(
      `embed.js: ${(bundle.contents.byteLength / 1024).toFixed(1)} KB minified, ${(gzipped / 1024).toFixed(1)} KB gzip (budget ${embedGzipBudgetBytes / 1024} KB)`,
    );
    expect(gzipped).toBeLessThanOrEqual(embedGzipBudgetBytes);
    // React itself would not fit: the bundle runs on Preact's compat layer.
    expect(bundle.text).not.toContain("react.transitional.element");
  });
});
