import path from "node:path";
import { fileURLToPath } from "node:url";
import { builderUrlOf, readConfig, viewerUrlOf } from "@parley/config";
import "./checkConfiguration";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const launcherVariables = [
  "DATABASE_URL",
  "DATA_DIR",
  "EMBEDDED_POSTGRES_PORT",
  "BUILDER_PORT",
  "VIEWER_PORT",
  "HOST",
  "BUILDER_URL",
  "VIEWER_URL",
  "NODE_ENV",
  "ENCRYPTION_SECRET",
] as const;

const parsed = readConfig(launcherVariables);

/** Configuration of `npm start`, `npm run dev` and the CLI, with every default applied. */
export const launcherEnv = {
  ...parsed,
  dataDir: path.resolve(projectRoot, parsed.DATA_DIR),
  builderUrl: builderUrlOf(parsed),
  viewerUrl: viewerUrlOf(parsed),
};
