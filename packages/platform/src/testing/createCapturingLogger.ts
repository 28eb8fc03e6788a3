import pino from "pino";
import type { Logger } from "../logger";

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A debug-level logger whose lines are kept in `lines` (parsed), for tests that assert what is logged. */
export function createCapturingLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger: logger as unknown as Logger, lines };
}
