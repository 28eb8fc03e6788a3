import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { type BuildOptions, build, type Plugin } from "esbuild";
import { projectRoot } from "./launcherEnv";

/** `npm run build`'s plain-JavaScript entry points (dist/server/<name>.mjs), run by node without tsx. */
const entryPoints = {
  chatServer: "scripts/chatServer.ts",
  migrate: "scripts/migrate.ts",
  nextServer: "scripts/nextServer.ts",
  startProd: "scripts/startProd.ts",
};
export const serverBundleDir = path.join(projectRoot, "dist", "server");
/**
 * The CLI (dist/server/cli.mjs) is split: its commands' code, and the packages they import, sit in
 * chunks here that load when a command runs, so `parley --help` and `--version` load commander only.
 */
const cliChunksDir = "cli-chunks";

/**
 * The workspace packages (TypeScript sources) are bundled; every other package stays an import of
 * node_modules, as the apps' serverExternalPackages do, so native addons and WASM load as published.
 */
const externalDependencies: Plugin = {
  name: "external-dependencies",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@parley/") ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles the chat server, the migration runner and start:prod with esbuild into dist/server (one
 * file each, so nothing is loaded lazily from disk later), the CLI into cli.mjs and its chunks
 * (cli-chunks/, loaded per command), next to the sandbox host script the chat
 * runtime spawns. Files are rewritten only when their bytes change, so a running server keeps its own.
 * Returns whether anything changed, and the packages the bundles import from node_modules (what a
 * production install, the container's `npm prune --omit=dev` included, must keep).
 */
export async function bundleServers(): Promise<{
  changed: boolean;
  externalImports: string[];
  /** Those imported only by `import()` (loaded on first use, e.g. the embedded PostgreSQL of development). */
  dynamicOnlyImports: string[];
}> {
  const options = {
    absWorkingDir: projectRoot,
    outdir: serverBundleDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node22",
    sourcemap: "linked",
    logLevel: "warning",
    write: false,
    metafile: true,
    plugins: [externalDependencies],
    // Bundled CommonJS code (if any) calls require, which ES modules lack.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
  } satisfies BuildOptions;
  const [servers, cli] = await Promise.all([
    build({ ...options, entryPoints }),
    build({
      ...options,
      entryPoints: { cli: "scripts/cli.ts" },
      splitting: true,
      chunkNames: `${cliChunksDir}/[name]-[hash]`,
    }),
  ]);
  const outputFiles = [...servers.outputFiles, ...cli.outputFiles];
  const outputs = { ...servers.metafile.outputs, ...cli.metafile.outputs };
  const sandboxHost = await readFile(
    path.join(projectRoot, "packages/integrations/src/sandbox/sandboxHost.cjs"),
  );
  // The sandbox process script is resolved next to the module that spawns it (import.meta.url).
  const files = [
    ...outputFiles.map((file) => ({ path: file.path, contents: file.contents })),
    { path: path.join(serverBundleDir, "sandboxHost.cjs"), contents: new Uint8Array(sandboxHost) },
  ];
  await mkdir(path.join(serverBundleDir, cliChunksDir), { recursive: true });
  let changed = false;
  for (const file of files) {
    const current = await readFile(file.path).catch(() => undefined);
    if (current && Buffer.compare(current, file.contents) === 0) continue;
    // Written aside then renamed: a process starting meanwhile reads the old file or the new one.
    const scratch = `${file.path}.${process.pid}.tmp`;
    await writeFile(scratch, file.contents);
    await rename(scratch, file.path);
    changed = true;
  }
  // Chunks of an earlier CLI build that this one no longer has.
  const chunksDir = path.join(serverBundleDir, cliChunksDir);
  const written = new Set(files.map((file) => file.path));
  for (const name of await readdir(chunksDir).catch(() => [] as string[])) {
    if (!written.has(path.join(chunksDir, name))) await rm(path.join(chunksDir, name), { force: true });
  }
  const imports = Object.values(outputs).flatMap((output) =>
    output.imports.filter((entry) => entry.external),
  );
  const externalImports = new Set(imports.map((entry) => entry.path));
  const staticImports = new Set(
    imports.filter((entry) => entry.kind !== "dynamic-import").map((entry) => entry.path),
  );
  return {
    changed,
    externalImports: [...externalImports].sort(),
    dynamicOnlyImports: [...externalImports].filter((entry) => !staticImports.has(entry)).sort(),
  };
}
