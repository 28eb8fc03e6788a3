import pino from "pino";
import { platformEnv } from "./env";

/** Structured JSON logs; every request-scoped line carries `requestId`. */
export const logger = pino({
  level: platformEnv.LOG_LEVEL,
  base: { service: "parley" },
  redact: {
    paths: [
      "authorization",
      "*.authorization",
      "password",
      "*.password",
      "token",
      "*.token",
      "cookie",
      "*.cookie",
    ],
    censor: "[redacted]",
  },
});

export type Logger = typeof logger;
