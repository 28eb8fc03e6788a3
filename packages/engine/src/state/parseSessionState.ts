import { EngineError } from "../errors";
import { SESSION_STATE_VERSION, type SessionState } from "../types/state";

/** A stored state, checked for the version and the fields every turn relies on. */
export const parseSessionState = (stored: unknown): SessionState => {
  if (!isRecord(stored) || stored.version !== SESSION_STATE_VERSION) {
    throw new EngineError("SESSION_STATE_INVALID", "The session state has an unknown format");
  }
  const isValid =
    typeof stored.flowId === "string" &&
    typeof stored.botId === "string" &&
    typeof stored.workspaceId === "string" &&
    Array.isArray(stored.frames) &&
    stored.frames.length > 0 &&
    stored.frames.every(isRecord) &&
    isRecord(stored.results) &&
    typeof stored.isCompleted === "boolean";
  if (!isValid) throw new EngineError("SESSION_STATE_INVALID", "The session state is incomplete");
  return stored as unknown as SessionState;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
