import { readConfig, viewerUrlOf } from "@parley/config";

/** The builder app's slice of the configuration (packages/config declares the variables). */
export const builderEnv = { VIEWER_URL: viewerUrlOf(readConfig(["VIEWER_URL", "VIEWER_PORT"])) };
