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
  /** Key material of the credentials store; generated into DATA_DIR/encryption-secret when unset. */
  ENCRYPTION_SECRET: z.string().min(32).optional(),
});

const parsed = launcherEnvSchema.parse(process.env);

/** Configuration of `npm start`, `npm run dev` and the CLI, with every default applied. */
export const launcherEnv = {
  ...parsed,
  dataDir: path.resolve(projectRoot, parsed.DATA_DIR),
  builderUrl: parsed.BUILDER_URL ?? `http://localhost:${parsed.BUILDER_PORT}`,
  viewerUrl: parsed.VIEWER_URL ?? `http://localhost:${parsed.VIEWER_PORT}`,
};
