import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { z } from "zod";
import { bundleServers } from "./bundleServers";
import { projectRoot } from "./launcherEnv";

const turbo = createRequire(path.join(projectRoot, "package.json")).resolve("turbo/bin/turbo");
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  TURBO_TELEMETRY_DISABLED: "1",
  TURBO_NO_UPDATE_NOTIFIER: "1",
};
const markerFile = path.join(projectRoot, "node_modules", ".cache", "parley", "built-hashes.json");

const buildTaskSchema = z.object({ taskId: z.string(), hash: z.string(), directory: z.string() });
type BuildTask = z.infer<typeof buildTaskSchema>;
/** What `turbo run build --dry=json` prints, the fields read here. */
const dryRunSchema = z.object({ tasks: z.array(buildTaskSchema.extend({ command: z.string() })) });

/** The build tasks and their source hashes as Turborepo computes them (no build is run). */
function planBuild(): BuildTask[] {
  const dryRun = execFileSync(process.execPath, [turbo, "run", "build", "--dry=json"], {
    cwd: projectRoot,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const plan = dryRunSchema.parse(JSON.parse(dryRun));
  return plan.tasks.filter((task) => task.command !== "<NONEXISTENT>");
}

function hasOutput(task: BuildTask) {
  const directory = path.join(projectRoot, task.directory);
  return existsSync(path.join(directory, ".next", "BUILD_ID")) || existsSync(path.join(directory, "dist"));
}

function readBuiltHashes(): Record<string, string> {
  return existsSync(markerFile) ? JSON.parse(readFileSync(markerFile, "utf8")) : {};
}

/**
 * `npm run build`: production builds of every workspace with a `build` script (the apps' standalone
 * output), skipped when the outputs on disk were built from the current sources (Turborepo's hash),
 * then the server bundles of dist/server. A running server keeps its files: nothing is rewritten
 * when nothing changed.
 */
export async function buildProduction(log: (line: string) => void) {
  buildWorkspaces(log);
  const { changed } = await bundleServers();
  log(changed ? "Bundled the servers into dist/server." : "Server bundles are up to date.");
}

function buildWorkspaces(log: (line: string) => void) {
  const tasks = planBuild();
  const built = readBuiltHashes();
  const stale = tasks.filter((task) => built[task.taskId] !== task.hash || !hasOutput(task));
  if (stale.length === 0) {
    log("Production builds are up to date.");
    return;
  }
  log(`Building ${stale.map((task) => task.taskId.split("#")[0]).join(", ")}…`);
  // Concurrent launchers (several test runs) must not build into the same folders at once.
  const command: [string, string[]] = existsSync("/usr/bin/flock")
    ? [
        "/usr/bin/flock",
        [path.join(projectRoot, "node_modules", ".cache", "parley-build.lock"), process.execPath],
      ]
    : [process.execPath, []];
  mkdirSync(path.dirname(markerFile), { recursive: true });
  const [bin, prefix] = command;
  const result = spawnSync(bin, [...prefix, turbo, "run", "build", "--output-logs=errors-only"], {
    cwd: projectRoot,
    stdio: "inherit",
    env,
  });
  if (result.status !== 0) throw new Error("The production build failed (see the output above)");
  writeFileSync(
    markerFile,
    JSON.stringify(
      { ...readBuiltHashes(), ...Object.fromEntries(tasks.map((t) => [t.taskId, t.hash])) },
      null,
      2,
    ),
  );
}
