// npm run bench -- image [--ref=<git ref>]: the size of the production image's node_modules. Installs the
// package files (package.json, package-lock.json, every workspace's package.json) of the working tree, or of
// `--ref`, into a temporary folder the way the Dockerfile's build stage does (`npm ci`, scripts skipped: they
// generate code, not dependencies), measures node_modules (the baseline: the full install), prunes it as the
// image does (`npm prune --omit=dev`) and measures again.
import { spawnSync } from "node:child_process";
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { latencyFigure, recordFigures } from "./lib/results.ts";

const root = path.join(import.meta.dirname, "..");
const ref = process.argv.find((arg) => arg.startsWith("--ref="))?.slice("--ref=".length);

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}`);
  return result.stdout;
}

async function packageFiles(): Promise<string[]> {
  const workspaces = ["apps", "packages"];
  if (ref) {
    return run(
      "git",
      ["ls-tree", "-r", "--name-only", ref, "--", "package.json", "package-lock.json", ...workspaces],
      root,
    )
      .split("\n")
      .filter((file) => /^(package(-lock)?\.json|(apps|packages)\/[^/]+\/package\.json)$/.test(file));
  }
  const files = ["package.json", "package-lock.json"];
  for (const folder of workspaces) {
    for (const entry of await readdir(path.join(root, folder), { withFileTypes: true })) {
      const file = path.join(folder, entry.name, "package.json");
      if (entry.isDirectory() && (await lstat(path.join(root, file)).catch(() => null))) files.push(file);
    }
  }
  return files;
}

/** Bytes of the files under `folder` (symbolic links not followed: workspace links count nothing). */
async function sizeOf(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await lstat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

const copy = await mkdtemp(path.join(tmpdir(), "parley-bench-image-"));
try {
  for (const file of await packageFiles()) {
    const contents = ref
      ? run("git", ["show", `${ref}:${file}`], root)
      : await readFile(path.join(root, file), "utf8");
    await mkdir(path.dirname(path.join(copy, file)), { recursive: true });
    await writeFile(path.join(copy, file), contents);
  }
  const quiet = ["--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"];
  run("npm", ["ci", ...quiet], copy);
  const full = await sizeOf(path.join(copy, "node_modules"));
  run("npm", ["prune", "--omit=dev", ...quiet], copy);
  const production = await sizeOf(path.join(copy, "node_modules"));
  const megabytes = (bytes: number) => bytes / 1024 / 1024;
  console.log(`Package files of ${ref ?? "the working tree"}`);
  const prefix = ref ? `image.ref.${ref}` : "image";
  recordFigures([
    latencyFigure(`${prefix}.nodeModules.full`, megabytes(full), null, "MiB"),
    latencyFigure(`${prefix}.nodeModules.production`, megabytes(production), megabytes(full), "MiB"),
  ]);
} finally {
  await rm(copy, { recursive: true, force: true });
}
