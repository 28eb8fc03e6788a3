import { readConfig, viewerUrlOf } from "@parley/config";

const config = readConfig([
  "ALLOW_SIGNUP",
  "AUDIT_LOG_RETENTION_DAYS",
  "INACTIVE_WORKSPACE_EMAIL_DAYS",
  "INACTIVE_WORKSPACE_SECOND_EMAIL_DAYS",
  "VIEWER_URL",
  "VIEWER_PORT",
]);

/** The api package's slice of the configuration (packages/config declares the variables). */
export const apiEnv = { ...config, VIEWER_URL: viewerUrlOf(config) };
