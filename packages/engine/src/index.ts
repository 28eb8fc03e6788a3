/**
 * The bot engine: pure functions over (flow, state, reply, ports). Side effects come through
 * `EnginePorts`; the runtime persists what a `TurnOutcome` lists in one transaction.
 *
 *   startChat(request, ports)     -> TurnOutcome   a new session (or only its registration)
 *   continueChat(request, ports)  -> TurnOutcome   one reply to a waiting session
 *   updateSessionFlow(state, flow)-> SessionState  moves a session onto a newer snapshot (updateBot)
 *
 * Engine calls throw `EngineError` (with a code) only for requests that cannot be served; an invalid
 * answer to an input is a normal outcome (retry message + same input).
 */
import type { EnginePorts } from "./ports";
import type { FlowSnapshot } from "./types/flow";
import type { ContinueChatRequest, StartChatRequest, TurnOutcome } from "./types/outcome";
import type { SessionState } from "./types/state";

export * from "./errors";
export type * from "./ports";
export * from "./types";

/** Starts a session: walks from the start event (or `startFrom`) to the first input or the end. */
export type StartChat = (request: StartChatRequest, ports: EnginePorts) => Promise<TurnOutcome>;

/** Processes one message for a waiting session and walks on to the next input or the end. */
export type ContinueChat = (request: ContinueChatRequest, ports: EnginePorts) => Promise<TurnOutcome>;

/**
 * updateBot: the session keeps its variables, answers and position on `newFlow`; variables new in
 * `newFlow` start with their defaults; if the block it waits at no longer exists, the next
 * continueChat starts again from the start event.
 */
export type UpdateSessionFlow = (state: SessionState, newFlow: FlowSnapshot) => SessionState;

/** Reads a stored state (JSON), checking its version; throws SESSION_STATE_INVALID otherwise. */
export type ParseSessionState = (stored: unknown) => SessionState;
