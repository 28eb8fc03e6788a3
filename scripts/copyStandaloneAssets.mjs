// Run by each app's `build` after `next build` (in the app's folder): Next's standalone output
// leaves the client assets (.next/static) and public/ to the deployer; copied into it here, so
// .next/standalone alone is what start:prod and the container run.
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";

const appDirectory = process.cwd();
const appFolder = path.relative(path.resolve(appDirectory, "../.."), appDirectory);
const standaloneApp = path.join(appDirectory, ".next", "standalone", appFolder);
if (!existsSync(path.join(standaloneApp, "server.js"))) {
  console.error(`No standalone server in ${standaloneApp}: is output: "standalone" set in next.config.ts?`);
  process.exit(1);
}
for (const folder of [".next/static", "public"]) {
  const source = path.join(appDirectory, folder);
  const target = path.join(standaloneApp, folder);
  rmSync(target, { recursive: true, force: true });
  if (existsSync(source)) cpSync(source, target, { recursive: true });
}
