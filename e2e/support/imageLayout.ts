import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const projectRoot = path.resolve(import.meta.dirname, "../..");

interface LockEntry {
  dev?: boolean;
}

/**
 * The packages `npm prune --omit=dev` keeps, by their folder under node_modules: every top-level
 * entry of package-lock.json that is not dev-only (npm's own rule: `dev` entries go, `devOptional`
 * ones stay unless optional packages are omitted too).
 */
function productionPackageFolders(): string[] {
  const lock = JSON.parse(readFileSync(path.join(projectRoot, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  return Object.entries(lock.packages)
    .filter(([location, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(location) && !entry.dev)
    .map(([location]) => location);
}

export interface ImageLayout {
  /** The folder standing for the image's /app. */
  root: string;
  /** `bin/parley <args>` from the layout, as `docker compose exec builder parley <args>` runs it. */
  parley(
    args: string[],
    options: { env: Record<string, string>; input?: string },
  ): ReturnType<typeof spawnSync>;
  remove(): Promise<void>;
}

/**
 * What the Dockerfile's runtime stage holds of the CLI, in a temporary folder: `npm run build`'s
 * output (dist/), bin/parley and prisma/ copied, and a node_modules holding only the production packages
 * (links to this checkout's installed ones). Run from there, nothing resolves tsx, esbuild, vitest
 * or any other dev-only package: a CLI that needed one fails as it would in the container.
 */
export async function createImageLayout(): Promise<ImageLayout> {
  const root = await mkdtemp(path.join(tmpdir(), "parley-image-"));
  await cp(path.join(projectRoot, "package.json"), path.join(root, "package.json"));
  await cp(path.join(projectRoot, "dist"), path.join(root, "dist"), { recursive: true });
  await cp(path.join(projectRoot, "bin"), path.join(root, "bin"), { recursive: true });
  await cp(path.join(projectRoot, "prisma"), path.join(root, "prisma"), { recursive: true });
  for (const folder of productionPackageFolders()) {
    const installed = path.join(projectRoot, folder);
    // Optional packages of other platforms are not installed.
    if (!existsSync(installed)) continue;
    await mkdir(path.dirname(path.join(root, folder)), { recursive: true });
    await symlink(installed, path.join(root, folder));
  }
  return {
    root,
    parley: (args, { env, input }) =>
      spawnSync(path.join(root, "bin", "parley"), args, {
        cwd: root,
        // The image's environment: node on PATH, no NODE_OPTIONS, npm variables or node_modules/.bin.
        env: {
          PATH: `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
          HOME: root,
          NODE_ENV: "production",
          ...env,
        },
        input,
        encoding: "utf8",
        timeout: 60_000,
      }),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
