import type { ChatMessage, InputBlock } from "@parley/schemas";
import type { BlockRun, InputExecutor } from "../blocks/BlockExecutor";
import { setVariableValue } from "../variables/VariableScope";
import { getReplyText } from "./processInputReply";
import { getCurrentFrame, getCurrentIndex, getCurrentScope } from "./TurnContext";
import { walkFlowForward } from "./walkFlowForward";

/**
 * A `reply` event runs on every valid reply, an `invalidReply` event replaces the retry message. The
 * reply, the input's group title and type go into the event's variables, a return mark points back
 * at the input (with the reply to resubmit for `reply`), and the walk goes into the event's flow.
 * Returns false when the flow has no such event (or it leads nowhere).
 */
export const divertToReplyEvent = async (
  run: BlockRun<InputBlock>,
  executor: InputExecutor,
  eventType: "reply" | "invalidReply",
  reply: ChatMessage | null,
): Promise<boolean> => {
  const { ctx, block, group } = run;
  const index = getCurrentIndex(ctx);
  const event = eventType === "reply" ? index.replyEvent : index.invalidReplyEvent;
  if (!event?.outgoingEdgeId) return false;
  const scope = getCurrentScope(ctx);
  const setIfConfigured = (key: keyof NonNullable<typeof event.options>, value: string) => {
    const variableId = event.options?.[key];
    if (typeof variableId === "string") setVariableValue(scope, variableId, value);
  };
  setIfConfigured("contentVariableId", getReplyText(reply));
  setIfConfigured("inputNameVariableId", group.title);
  setIfConfigured("inputTypeVariableId", executor.replyEventInputType);
  getCurrentFrame(ctx).returnMark = {
    groupId: group.id,
    blockId: block.id,
    mode: "at",
    ...(eventType === "reply" && reply ? { autoResumeReply: reply } : {}),
  };
  ctx.state.waitingFor = null;
  await walkFlowForward(ctx, { type: "edge", edgeId: event.outgoingEdgeId });
  return true;
};
