import { defaultLoopOptions, type LoopBlock, maxLoopIterations, type VariableValue } from "@parley/schemas";
import { getVariableValue, setVariableValue } from "../../variables/VariableScope";
import { addLog, getCurrentFrame, getCurrentIndex, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";
import { resolveTargetGroup } from "../shared/resolveTargetGroup";

/**
 * `Loop`: runs a group once per item of a list variable. Each run sets the item (and its position,
 * from 1) and queues a resume point at this block, so when the group's path ends — in this turn or
 * after inputs in later ones — the walk comes back here for the next item. The list is read again at
 * each step, so a group that appends to it extends the loop, up to the iteration cap.
 */
export const loop: ActionExecutor<LoopBlock> = {
  kind: "action",
  async execute({ block, group, ctx }) {
    const options = block.options ?? {};
    const frame = getCurrentFrame(ctx);
    const scope = getCurrentScope(ctx);
    const done = frame.loopIterations?.[block.id] ?? 0;
    const items = toItems(getVariableValue(scope, options.listVariableId));
    const cap = Math.min(
      Math.max(options.maxIterations ?? defaultLoopOptions.maxIterations, 1),
      maxLoopIterations,
    );
    const finish = () => {
      if (frame.loopIterations) delete frame.loopIterations[block.id];
      return { type: "next" } as const;
    };
    if (done >= items.length) return finish();
    if (done >= cap) {
      addLog(ctx, {
        status: "error",
        description: `The loop stopped after ${cap} iterations (its maximum); the flow goes on`,
        context: block.id,
      });
      return finish();
    }
    const target = resolveTargetGroup(options.groupId, getCurrentIndex(ctx), scope);
    if (!target) {
      addLog(ctx, { status: "error", description: "Loop group not found", context: block.id });
      return finish();
    }
    if (options.itemVariableId) setVariableValue(scope, options.itemVariableId, items[done] ?? null);
    if (options.indexVariableId) setVariableValue(scope, options.indexVariableId, String(done + 1));
    frame.loopIterations = { ...frame.loopIterations, [block.id]: done + 1 };
    frame.resumePoints.push({ groupId: group.id, blockId: block.id, mode: "at" });
    return { type: "group", groupId: target.id };
  },
};

/** A list variable's items; a plain non-empty value is a list of one. */
const toItems = (value: VariableValue | undefined): (string | null)[] => {
  if (Array.isArray(value)) return value;
  return value === null || value === undefined || value === "" ? [] : [value];
};
