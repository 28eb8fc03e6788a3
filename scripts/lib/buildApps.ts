import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { projectRoot } from "./launcherEnv";

/**
 * Production builds of every workspace that has a `build` script. Turborepo
 * hashes the sources, so an unchanged tree is restored from its cache instead
 * of being rebuilt.
 */
export function buildApps() {
  const turbo = createRequire(path.join(projectRoot, "package.json")).resolve("turbo/bin/turbo");
  const result = spawnSync(process.execPath, [turbo, "run", "build", "--output-logs=errors-only"], {
    cwd: projectRoot,
    stdio: "inherit",
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      TURBO_TELEMETRY_DISABLED: "1",
      TURBO_NO_UPDATE_NOTIFIER: "1",
    },
  });
  if (result.status !== 0) throw new Error("The production build failed (see the output above)");
}
