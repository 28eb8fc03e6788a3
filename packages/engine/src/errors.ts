/**
 * Errors the engine raises for requests it cannot serve. The runtime maps each code to the chat
 * API's BAD_REQUEST (or INTERNAL_SERVER_ERROR for SESSION_STATE_INVALID) with the code as issue code.
 */
export type EngineErrorCode =
  /** A `command` message names no command event of the flow. */
  | "COMMAND_NOT_FOUND"
  /** `startFrom` names a group or event the flow does not have. */
  | "START_GROUP_NOT_FOUND"
  | "START_EVENT_NOT_FOUND"
  /** The reply to an HTTP request executed on the client is not the JSON `{statusCode, data}`. */
  | "INVALID_CLIENT_REPLY"
  /** continueChat on a session whose conversation has ended. */
  | "SESSION_COMPLETED"
  /** The flow given is not the snapshot the state refers to. */
  | "FLOW_MISMATCH"
  /** The stored state is not a state this engine version can read. */
  | "SESSION_STATE_INVALID";

export class EngineError extends Error {
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}

export const isEngineError = (error: unknown): error is EngineError => error instanceof EngineError;
