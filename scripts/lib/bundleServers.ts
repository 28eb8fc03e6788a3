import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { projectRoot } from "./launcherEnv";

/** `npm run build`'s plain-JavaScript entry points (dist/server/<name>.mjs), run by node without tsx. */
const entryPoints = {
  chatServer: "scripts/chatServer.ts",
  cli: "scripts/cli.ts",
  migrate: "scripts/migrate.ts",
  nextServer: "scripts/nextServer.ts",
  startProd: "scripts/startProd.ts",
};
export const serverBundleDir = path.join(projectRoot, "dist", "server");

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
 * Bundles the chat server, the migration runner, start:prod and the CLI with esbuild into dist/server (one
 * file each, so nothing is loaded lazily from disk later), next to the sandbox host script the chat
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
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints,
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
  });
  const sandboxHost = await readFile(
    path.join(projectRoot, "packages/integrations/src/sandbox/sandboxHost.cjs"),
  );
  // The sandbox process script is resolved next to the module that spawns it (import.meta.url).
  const files = [
    ...result.outputFiles.map((file) => ({ path: file.path, contents: file.contents })),
    { path: path.join(serverBundleDir, "sandboxHost.cjs"), contents: new Uint8Array(sandboxHost) },
  ];
  await mkdir(serverBundleDir, { recursive: true });
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
  const imports = Object.values(result.metafile.outputs).flatMap((output) =>
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
