import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configDocFiles, renderConfigurationDoc, renderEnvExample } from "./configDocs";
import { projectRoot } from "./launcherEnv";

const committed = (file: string) => readFileSync(path.join(projectRoot, file), "utf8");

describe("the configuration's documentation", () => {
  it("is what npm run docs:config writes from the declarations (run it after changing one)", () => {
    expect(committed(configDocFiles.configuration)).toBe(renderConfigurationDoc());
    expect(committed(configDocFiles.envExample)).toBe(renderEnvExample());
  });

  it("lists every variable, once, with the secrets' _FILE form", () => {
    const doc = renderConfigurationDoc();
    expect(doc.match(/^\| `VIEWER_URL`/gm)).toHaveLength(1);
    expect(doc).toContain("`ENCRYPTION_SECRET_FILE`");
    expect(renderEnvExample()).toMatch(/^# VIEWER_URL=https:\/\/chat\.example\.com$/m);
  });
});
