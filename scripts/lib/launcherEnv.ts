import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const port = z.coerce.number().int().min(1).max(65535);

const launcherEnvSchema = z.object({
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(".data"),
  EMBEDDED_POSTGRES_PORT: port.default(54329),
  BUILDER_PORT: port.default(3000),
  VIEWER_PORT: port.default(3001),
  /** Interface the apps listen on (Next's default: all interfaces). */
  HOST: z.string().optional(),
  BUILDER_URL: z.string().url().optional(),
  VIEWER_URL: z.string().url().optional(),
  /** `production`: no embedded PostgreSQL, no generated secret, no demo account, no migrations on start. */
  NODE_ENV: z.enum(["development", "production", "test"]).optional(),
  /** Key material of the credentials store; generated into DATA_DIR/encryption-secret when unset (not in production). */
  ENCRYPTION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
});

// An empty variable counts as unset (compose files pass `${VAR:-}`).
const setVariables = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
const result = launcherEnvSchema.safeParse(setVariables);
if (!result.success) {
  for (const issue of result.error.issues)
    console.error(`[parley] ${issue.path.join(".")}: ${issue.message}`);
  process.exit(1);
}
const parsed = result.data;

/** Configuration of `npm start`, `npm run dev` and the CLI, with every default applied. */
export const launcherEnv = {
  ...parsed,
  dataDir: path.resolve(projectRoot, parsed.DATA_DIR),
  builderUrl: parsed.BUILDER_URL ?? `http://localhost:${parsed.BUILDER_PORT}`,
  viewerUrl: parsed.VIEWER_URL ?? `http://localhost:${parsed.VIEWER_PORT}`,
};
