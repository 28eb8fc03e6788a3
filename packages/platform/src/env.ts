import { builderUrlOf, readConfig } from "@parley/config";

const config = readConfig([
  "BUILDER_URL",
  "BUILDER_PORT",
  "METRICS_TOKEN",
  "PARLEY_PROCESS_ROLE",
  "LOG_LEVEL",
  "SESSION_TTL_DAYS",
  "SIGN_IN_RATE_LIMIT_PER_ACCOUNT",
  "SIGN_IN_RATE_LIMIT_PER_IP",
  "SIGN_IN_RATE_LIMIT_WINDOW_MINUTES",
  "TWO_FACTOR_RATE_LIMIT_PER_ACCOUNT",
  "REDIS_URL",
  "PUBLISH_RISK_THRESHOLD",
  "TRUSTED_PROXIES",
]);

/** The platform package's slice of the configuration (packages/config declares the variables). */
export const platformEnv = { ...config, BUILDER_URL: builderUrlOf(config) };
