import type { AbTestBlock } from "@parley/schemas";
import type { ActionExecutor } from "../BlockExecutor";

const DEFAULT_A_PERCENT = 50;

/** `AB test`: path A with probability `aPercent` %, else B; the path's edge, or the next block. */
export const abTest: ActionExecutor<AbTestBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, ctx }) {
    const aPercent = Number(block.options?.aPercent ?? DEFAULT_A_PERCENT);
    const path = ctx.ports.random() * 100 < aPercent ? "a" : "b";
    const item = (block.items ?? []).find((candidate) => candidate.path === path);
    return item?.outgoingEdgeId
      ? { type: "edge", edgeId: item.outgoingEdgeId, isOffDefaultPath: true }
      : { type: "next" };
  },
};
