import { hostname } from "node:os";
import pino from "pino";
import { platformEnv } from "./env";
import { processRole } from "./processRole";
import { parleyVersion } from "./version";

/** pino's numeric level of `error`: lines at it or above are the ones to forward (docs/deploy.md, "Errors"). */
const ERROR_LEVEL = 50;

declare global {
  /** Lines logged at error or fatal: on globalThis, as the apps load this module twice (Next's bundle, the server layer). */
  var parleyErrorLines: number | undefined;
}

/** Lines logged at error or fatal since the process started (the `parley_log_errors_total` metric). */
export function countErrorLines(): number {
  return globalThis.parleyErrorLines ?? 0;
}

/**
 * Structured JSON logs; every line carries the process's role (builder, viewer, chat-server, cli…), pid,
 * hostname and release, and every request-scoped line its `requestId`.
 */
export const logger = pino({
  level: platformEnv.LOG_LEVEL,
  base: {
    service: "parley",
    role: processRole,
    pid: process.pid,
    hostname: hostname(),
    version: parleyVersion,
  },
  hooks: {
    logMethod(args, method, level) {
      if (level >= ERROR_LEVEL) globalThis.parleyErrorLines = (globalThis.parleyErrorLines ?? 0) + 1;
      method.apply(this, args);
    },
  },
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
