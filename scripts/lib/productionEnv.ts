import { launcherEnv } from "./launcherEnv";

/** The launcher runs in production mode: NODE_ENV=production in its own environment. */
export const isProduction = launcherEnv.NODE_ENV === "production";

/**
 * What a production server lacks, one line per variable: production never starts the embedded
 * PostgreSQL nor generates a secret into DATA_DIR, so both must come from the operator.
 */
export function findProductionEnvProblems(
  env: { DATABASE_URL?: string; ENCRYPTION_SECRET?: string } = launcherEnv,
): string[] {
  const problems: string[] = [];
  if (!env.DATABASE_URL) {
    problems.push(
      "DATABASE_URL is required in production (NODE_ENV=production): the embedded PostgreSQL is for development only.",
    );
  }
  if (!env.ENCRYPTION_SECRET) {
    problems.push(
      "ENCRYPTION_SECRET is required in production (NODE_ENV=production): 32+ characters of key material for the credentials store, kept with the database backups.",
    );
  }
  return problems;
}

/** Stops the process with exit code 1 and the reasons when the production environment is incomplete. */
export function exitWithoutProductionEnv(prefix: string) {
  const problems = findProductionEnvProblems();
  if (problems.length === 0) return;
  for (const problem of problems) console.error(`${prefix} ${problem}`);
  process.exit(1);
}
