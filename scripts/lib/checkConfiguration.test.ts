import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./launcherEnv";

/** Runs `npm run migrate`'s script (it opens nothing before the configuration is checked) with these variables. */
function runMigrate(variables: Record<string, string>) {
  const { LOG_LEVEL: _level, ...inherited } = process.env;
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], {
    cwd: projectRoot,
    env: { ...inherited, DATABASE_URL: "", ...variables },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("the configuration check at start", () => {
  it("stops the process with status 1 and one line per invalid variable, no stack trace", () => {
    const run = runMigrate({ VIEWER_URL: "chat.example.com", SMTP_PORT: "70000", LOG_LEVEL: "loud" });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      "[parley] Invalid configuration (docs/configuration.md):",
      '  VIEWER_URL: must be a URL (scheme://host…) (got "chat.example.com")',
      '  LOG_LEVEL: Invalid option: expected one of "fatal"|"error"|"warn"|"info"|"debug"|"trace"|"silent" (got "loud")',
      '  SMTP_PORT: Too big: expected number to be <=65535 (got "70000")',
    ]);
  });

  it("reads DATABASE_URL from DATABASE_URL_FILE and refuses both", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "parley-secret-"));
    const file = path.join(folder, "database-url");
    writeFileSync(file, "not a url\n");
    const fromFile = runMigrate({ DATABASE_URL_FILE: file });
    expect(fromFile.status).toBe(1);
    expect(fromFile.stderr).toContain(
      "  DATABASE_URL: must be a URL (scheme://host…) (value not shown: secret)",
    );
    expect(fromFile.stderr).not.toContain("not a url");

    const both = runMigrate({ DATABASE_URL_FILE: file, DATABASE_URL: "postgresql://localhost/parley" });
    expect(both.status).toBe(1);
    expect(both.stderr).toContain(
      "  DATABASE_URL: both DATABASE_URL and DATABASE_URL_FILE are set; set only one of them",
    );
  });
});
