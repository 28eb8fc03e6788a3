import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { dbEnv } from "@parley/db";
import { findFreePort } from "@parley/db/embedded";
import { afterAll, beforeAll, describe, it } from "vitest";
import { type ChatProcess, runKillAndRestart } from "../testing/runKillAndRestart";
import { killChatProcesses, spawnChatProcess } from "../testing/spawnChatServer";

// The kill run of killAndRestart.test.ts against the viewer itself: its production build
// (`next start`, one process), killed with SIGKILL mid-run and started again.
const projectRoot = path.resolve(import.meta.dirname, "../../../..");
const viewerDir = path.join(projectRoot, "apps", "viewer");
const servers: ChatProcess[] = [];

/** The viewer's production build, from Turborepo's cache when its sources did not change. */
function buildViewer() {
  // The build must not depend on this test's database or NODE_ENV (they are in turbo's hash; Next
  // declares NODE_ENV required, hence the cast below).
  const { DATABASE_URL: _url, NODE_ENV: _mode, ...env } = process.env;
  const turbo = path.join(projectRoot, "node_modules", "turbo", "bin", "turbo");
  const lock = path.join(projectRoot, "node_modules", ".cache", "parley-build.lock");
  mkdirSync(path.dirname(lock), { recursive: true });
  // Concurrent builds (the launcher of the browser tests, a benchmark) must not share the folder.
  const args = [turbo, "run", "build", "--filter=@parley/viewer", "--output-logs=errors-only"];
  const [bin, binArgs] = existsSync("/usr/bin/flock")
    ? ["/usr/bin/flock", [lock, process.execPath, ...args]]
    : [process.execPath, args];
  const result = spawnSync(bin, binArgs, {
    cwd: projectRoot,
    env: {
      ...env,
      NEXT_TELEMETRY_DISABLED: "1",
      TURBO_TELEMETRY_DISABLED: "1",
    } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`viewer build failed:\n${result.stdout}\n${result.stderr}`);
}

async function spawnViewer(port?: number) {
  const viewerPort = port ?? (await findFreePort());
  const next = path.join(projectRoot, "node_modules", "next", "dist", "bin", "next");
  return spawnChatProcess({
    args: [next, "start", "-p", String(viewerPort), "-H", "127.0.0.1"],
    cwd: viewerDir,
    env: {
      DATABASE_URL: dbEnv.DATABASE_URL ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    port: viewerPort,
  });
}

beforeAll(buildViewer, 900_000);
afterAll(() => killChatProcesses(servers));

describe("the viewer killed mid-run", () => {
  it("lets every session continue where it was after a restart, without lost or doubled answers", async () => {
    await runKillAndRestart(spawnViewer, servers);
  }, 240_000);
});
