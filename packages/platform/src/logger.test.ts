import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parleyVersion } from "./version";

const loggerModule = fileURLToPath(new URL("./logger.ts", import.meta.url));

/** The lines a process with `role` logs through the platform's logger. */
function logLines(role: string, script: string) {
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `const { logger } = await import(${JSON.stringify(loggerModule)});\n${script}`,
    ],
    { env: { ...process.env, PARLEY_PROCESS_ROLE: role, LOG_LEVEL: "info" }, encoding: "utf8" },
  );
  expect(run.status, run.stderr).toBe(0);
  return run.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("log lines", () => {
  it("carry the process's role, pid, hostname and release", () => {
    const [line] = logLines("worker", 'logger.info({ jobs: 2 }, "ran");');
    expect(line).toMatchObject({
      role: "worker",
      hostname: hostname(),
      version: parleyVersion,
      msg: "ran",
      jobs: 2,
    });
    expect(line?.pid).toEqual(expect.any(Number));
    expect(line?.pid).not.toBe(process.pid);
  });

  it("count the lines at error level for the error metric", () => {
    const [line] = logLines(
      "cli",
      "const { countErrorLines } = await import(" +
        JSON.stringify(loggerModule) +
        '); logger.warn("w"); logger.error(new Error("boom")); logger.fatal("f"); logger.info({ errors: countErrorLines() }, "count");',
    ).filter((entry) => entry.msg === "count");
    expect(line).toMatchObject({ role: "cli", errors: 2 });
  });
});
