import type { ReturnBlock } from "@parley/schemas";
import { getCurrentFrame } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";

/**
 * `Return`: back to where the last jump (or event) marked; an input diverted by a reply event gets
 * its reply resubmitted. Without a mark this path ends, which returns from a linked bot.
 */
export const returnBlock: ActionExecutor<ReturnBlock> = {
  kind: "action",
  async execute({ ctx }) {
    const frame = getCurrentFrame(ctx);
    const mark = frame.returnMark;
    if (!mark) return { type: "endPath" };
    frame.returnMark = null;
    const position = { groupId: mark.groupId, blockId: mark.blockId, mode: mark.mode };
    return mark.autoResumeReply
      ? { type: "resubmitReply", position, reply: mark.autoResumeReply }
      : { type: "position", position };
  },
};
