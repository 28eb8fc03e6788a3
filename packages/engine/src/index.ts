/**
 * The bot engine: pure functions over (flow, state, reply, ports). Side effects come through
 * `EnginePorts`; the runtime persists what a `TurnOutcome` lists in one transaction.
 *
 *   startChat(request, ports)      -> TurnOutcome   a new session (or only its registration)
 *   continueChat(request, ports)   -> TurnOutcome   one message for a waiting session
 *   updateSessionFlow(state, flow) -> SessionState  moves a session onto a newer snapshot (updateBot)
 *   parseSessionState(stored)      -> SessionState  checks a stored state before use
 *   replayTranscript(request)      -> ReplayedTranscript  a stored result walked again (no side effects)
 *   runBotTest({flow, test, ports}) -> BotTestRun  one of the bot's tests, outside calls answered by its stubs
 *
 * Engine calls throw `EngineError` (with a code) only for requests that cannot be served; an invalid
 * answer to an input is a normal outcome (retry message + the same input).
 */
/** Whether a waiting webhook block's timeout has passed (the runtime's listen endpoint asks). */
export { AI_AGENT_ANSWER_LOG, AI_AGENT_STEP_LOG } from "./blocks/ai-agent/aiAgent";
export { isWebhookListenExpired } from "./blocks/webhook/isWebhookListenExpired";
export { testUploadBaseUrl } from "./bot-tests/buildVisitorMessage";
/** The ports a bot test runs with; a recorder that replays as the runner does uses the same. */
export { type BotTestBasePorts, createStubbedPorts } from "./bot-tests/createStubbedPorts";
export {
  type RecordedResult,
  type ReplayedConversation,
  type ReplayVerdict,
  recordedStubs,
  replayResult,
  type TranscriptLine,
} from "./bot-tests/replayResult";
export { type BotTestRun, runBotTest } from "./bot-tests/runBotTest";
export { continueChat } from "./chat/continueChat";
export { getBubbleText } from "./chat/getBubbleText";
export { startChat } from "./chat/startChat";
/** Which bot a messaging channel's first message starts. */
export { matchesMessagingStartCondition } from "./conditions/matchesMessagingStartCondition";
export * from "./errors";
export { getLocalizedFlow, readSessionLanguage } from "./languages/sessionLanguage";
export type * from "./ports";
export { replayTranscript } from "./replay/replayTranscript";
export { parseSessionState } from "./state/parseSessionState";
export { updateSessionFlow } from "./state/updateSessionFlow";
export * from "./types";
/** Variable substitution outside a turn (the viewer's stream endpoint builds prompts with it). */
export { parseVariables } from "./variables/parseVariables";
/** The same over every string of a block's options (a streamed plug-in block's request). */
export { parseVariablesDeep } from "./variables/parseVariablesDeep";
export { serializeVariableValue } from "./variables/serializeVariableValue";
export { createVariableScope } from "./variables/VariableScope";
