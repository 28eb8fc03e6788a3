import type { JumpBlock } from "@parley/schemas";
import { addLog, getCurrentFrame, getCurrentIndex, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";
import { resolveTargetGroup } from "../shared/resolveTargetGroup";

/**
 * `Jump`: goes to a group (by id, or a `{{variable}}` holding its title), at a block when given, and
 * marks the block after the jump so a `Return` comes back. A missing target ends this path.
 */
export const jump: ActionExecutor<JumpBlock> = {
  kind: "action",
  async execute({ block, group, ctx }) {
    const options = block.options ?? {};
    const target = resolveTargetGroup(options.groupId, getCurrentIndex(ctx), getCurrentScope(ctx));
    if (!target) {
      addLog(ctx, { status: "error", description: "Jump target group not found", context: block.id });
      return { type: "endPath" };
    }
    getCurrentFrame(ctx).returnMark = { groupId: group.id, blockId: block.id, mode: "after" };
    const { blockId } = options;
    return blockId && target.blocks.some((candidate) => candidate.id === blockId)
      ? { type: "position", position: { groupId: target.id, blockId, mode: "at" } }
      : { type: "group", groupId: target.id };
  },
};
