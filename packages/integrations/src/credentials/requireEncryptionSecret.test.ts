import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findEncryptionSecretProblem } from "./requireEncryptionSecret";

const projectRoot = path.resolve(import.meta.dirname, "../../../..");

/** Runs the apps' start-up check in a fresh Node process with this environment. */
function runStartupCheck(env: Record<string, string>) {
  const { ENCRYPTION_SECRET: _ignored, ...inherited } = process.env;
  return spawnSync(
    process.execPath,
    [
      path.join(projectRoot, "node_modules/tsx/dist/cli.mjs"),
      "--eval",
      'import("@parley/integrations/credentials/requireEncryptionSecret").then((m) => { m.stopServerWithoutEncryptionSecret(); console.log("started"); })',
    ],
    { cwd: path.join(projectRoot, "packages/integrations"), env: { ...inherited, ...env }, encoding: "utf8" },
  );
}

describe("ENCRYPTION_SECRET", () => {
  it("is required in production only", () => {
    expect(findEncryptionSecretProblem({ NODE_ENV: "production" })).toMatch(
      /ENCRYPTION_SECRET is required in production/,
    );
    expect(
      findEncryptionSecretProblem({ NODE_ENV: "production", ENCRYPTION_SECRET: "x".repeat(32) }),
    ).toBeNull();
    expect(findEncryptionSecretProblem({ NODE_ENV: "development" })).toBeNull();
  });

  it("stops a production server that has none, with the reason, and lets one that has it start", () => {
    const refused = runStartupCheck({ NODE_ENV: "production", LOG_LEVEL: "info" });
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain("ENCRYPTION_SECRET is required in production");
    expect(refused.stdout).not.toContain("started");
    const started = runStartupCheck({ NODE_ENV: "production", ENCRYPTION_SECRET: "s".repeat(40) });
    expect(started.status).toBe(0);
    expect(started.stdout).toContain("started");
  });
});
