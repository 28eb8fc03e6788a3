import { EngineError } from "../errors";
import { getFlowIndex } from "../flow/getFlowIndex";
import { getCurrentFrame, getCurrentIndex, getFrameFlow, type TurnContext } from "./TurnContext";
import { walkFlowForward } from "./walkFlowForward";

/**
 * A `command` message runs its command event (of the current bot, else of the root bot). With
 * `resumeAfter`, the session comes back to where it waited when the event's path ends; otherwise a
 * `Return` brings it back.
 */
export const processCommand = async (ctx: TurnContext, command: string): Promise<void> => {
  let event = getCurrentIndex(ctx).commandEvents.get(command);
  if (!event && ctx.state.frames.length > 1) {
    const root = ctx.state.frames[0];
    const rootEvent = root ? getFlowIndex(getFrameFlow(ctx, root)).commandEvents.get(command) : undefined;
    if (rootEvent) {
      ctx.state.frames = ctx.state.frames.slice(0, 1);
      ctx.state.waitingFor = null;
      event = rootEvent;
    }
  }
  if (!event) throw new EngineError("COMMAND_NOT_FOUND", `No command event "${command}" in this bot`);
  const waitingFor = ctx.state.waitingFor;
  const frame = getCurrentFrame(ctx);
  if (waitingFor) {
    const position = {
      groupId: waitingFor.groupId,
      blockId: waitingFor.blockId,
      mode: waitingFor.kind === "input" ? ("at" as const) : ("after" as const),
    };
    if (event.options?.resumeAfter) frame.resumePoints.push(position);
    else frame.returnMark = position;
  }
  ctx.state.waitingFor = null;
  await walkFlowForward(
    ctx,
    event.outgoingEdgeId ? { type: "edge", edgeId: event.outgoingEdgeId } : { type: "endPath" },
  );
};
