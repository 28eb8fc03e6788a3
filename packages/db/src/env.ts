import { readConfig } from "@parley/config";

/** The db package's slice of the configuration (packages/config declares the variables). */
export const dbEnv = readConfig(["DATABASE_URL", "DATABASE_POOL_SIZE", "DATA_DIR", "EMBEDDED_POSTGRES_PORT"]);
