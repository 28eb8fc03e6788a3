import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { integrationsEnv } from "@parley/integrations/env";
import { launcherEnv } from "../lib/launcherEnv";
import { isProduction } from "../lib/productionEnv";

/** ENCRYPTION_SECRET, or outside production the one `npm start` generated into DATA_DIR (never generated here). */
export async function readCurrentSecret(): Promise<string | undefined> {
  if (integrationsEnv.ENCRYPTION_SECRET) return integrationsEnv.ENCRYPTION_SECRET;
  const file = path.join(launcherEnv.dataDir, "encryption-secret");
  if (isProduction || !existsSync(file)) return undefined;
  return (await readFile(file, "utf8")).trim();
}
