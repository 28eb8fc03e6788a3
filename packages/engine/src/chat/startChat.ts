import type { EnginePorts } from "../ports";
import { createSessionState } from "../state/createSessionState";
import type { StartChatParams, TurnOutcome } from "../types/outcome";
import { getStartStep, startFlow } from "../walk/startFlow";
import { createTurnContext } from "../walk/TurnContext";
import { addStartPropsToInject } from "./addStartPropsToInject";
import { buildTurnOutcome } from "./buildTurnOutcome";

/**
 * Starts a session: walks from the start event (or `startFrom`) to the first input, a client action
 * that waits for a reply, or the end. With `isOnlyRegistering` nothing runs yet.
 */
export const startChat = async (request: StartChatParams, ports: EnginePorts): Promise<TurnOutcome> => {
  const state = createSessionState(request);
  const ctx = createTurnContext(ports, state, [request.flow], request.textBubbleContentFormat);
  const step = getStartStep(ctx, request.startFrom);
  if (request.isOnlyRegistering) return buildTurnOutcome(ctx);
  await startFlow(ctx, step, request.message);
  addStartPropsToInject(ctx, request.flow);
  return buildTurnOutcome(ctx);
};
