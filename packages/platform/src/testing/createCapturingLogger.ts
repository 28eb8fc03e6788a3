import pino from "pino";
import { type Logger, logger as sharedLogger } from "../logger";

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

/**
 * The process-wide logger's lines (parsed) from now until `restore()`, at `level` and above whatever LOG_LEVEL
 * says; they are still written where they went before.
 */
export function captureSharedLogger(level: pino.Level = "debug"): { lines: LogLine[]; restore: () => void } {
  const stream = (sharedLogger as unknown as Record<symbol, { write: (line: string) => boolean }>)[
    pino.symbols.streamSym
  ] as { write: (line: string) => boolean };
  const write = stream.write;
  const previousLevel = sharedLogger.level;
  const lines: LogLine[] = [];
  sharedLogger.level = level;
  stream.write = (line: string) => {
    lines.push(JSON.parse(line));
    return write.call(stream, line);
  };
  return {
    lines,
    restore: () => {
      stream.write = write;
      sharedLogger.level = previousLevel;
    },
  };
}
