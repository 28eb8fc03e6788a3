import { EngineError } from "../errors";
import type { EnginePorts } from "../ports";
import type { ContinueChatParams, TurnOutcome } from "../types/outcome";
import { loadFrameFlows } from "../walk/loadFrameFlows";
import { processCommand } from "../walk/processCommand";
import { processDedicatedReply } from "../walk/processDedicatedReply";
import { processInputReply } from "../walk/processInputReply";
import { getStartStep, startFlow } from "../walk/startFlow";
import { createTurnContext, type TurnContext } from "../walk/TurnContext";
import { buildTurnOutcome } from "./buildTurnOutcome";

/**
 * One message for a waiting session: a command runs its event; a session that has not started yet
 * (registered only, or its block vanished in an update) starts; otherwise the message answers the
 * input or the client action the session waits for. The stored state is never mutated, unless the caller
 * hands it over (`isStateHandedOver`: a state parsed for this turn alone, which spares a deep copy per turn).
 */
export const continueChat = async (request: ContinueChatParams, ports: EnginePorts): Promise<TurnOutcome> => {
  const { flow, message } = request;
  if (request.state.flowId !== flow.id) {
    throw new EngineError(
      "FLOW_MISMATCH",
      `The session runs on snapshot ${request.state.flowId}, not ${flow.id}`,
    );
  }
  if (request.state.isCompleted) throw new EngineError("SESSION_COMPLETED", "This conversation has ended");
  const ctx = createTurnContext(
    ports,
    request.isStateHandedOver ? request.state : structuredClone(request.state),
    [flow],
    request.textBubbleContentFormat,
  );
  ctx.verifiedPaymentBlockId = request.verifiedPaymentBlockId ?? null;
  ctx.handoffEvent = request.handoffEvent ?? null;
  await loadFrameFlows(ctx);
  const waitingFor = ctx.state.waitingFor;
  if (message?.type === "command") await processCommand(ctx, message.command);
  else if (!waitingFor) await restartFlow(ctx, message);
  else if (waitingFor.kind === "input") await processInputReply(ctx, waitingFor.blockId, message ?? null);
  else await processDedicatedReply(ctx, waitingFor, message, request.webhookBody);
  return buildTurnOutcome(ctx);
};

const restartFlow = async (ctx: TurnContext, message: ContinueChatParams["message"]): Promise<void> => {
  const root = ctx.state.frames[0];
  if (root) {
    ctx.state.frames = [{ ...root, resumePoints: [], returnMark: null, loopIterations: {} }];
  }
  await startFlow(ctx, getStartStep(ctx, undefined), message);
};
