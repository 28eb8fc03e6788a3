import { logger } from "@parley/platform/logger";
import { integrationsEnv } from "../env";

/**
 * Why this server must not start, or null: a production server (NODE_ENV=production, as `npm start`
 * and `next start` run) needs ENCRYPTION_SECRET. `npm start` always passes one (generated into
 * DATA_DIR/encryption-secret on the first start); other deployments set it themselves.
 */
export function findEncryptionSecretProblem(
  env: { NODE_ENV: string; ENCRYPTION_SECRET?: string } = integrationsEnv,
): string | null {
  if (env.NODE_ENV !== "production" || env.ENCRYPTION_SECRET) return null;
  return "ENCRYPTION_SECRET is required in production (32+ characters of key material for the credentials store; `npm start` generates one into DATA_DIR/encryption-secret)";
}

/**
 * Called by the apps' start-up hooks: a production server without ENCRYPTION_SECRET could neither
 * store nor read credentials, so it stops with the reason instead of failing on the first use.
 */
export function stopServerWithoutEncryptionSecret() {
  const problem = findEncryptionSecretProblem();
  if (!problem) return;
  logger.fatal(problem);
  process.exit(1);
}
