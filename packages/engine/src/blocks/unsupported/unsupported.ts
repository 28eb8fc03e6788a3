import { englishBlockTexts, getUnsupportedBlockLabel, type UnsupportedBlock } from "@parley/schemas";
import { addLog } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";

/** A block kept by an import that this product does not run: logged, and the flow goes on. */
export const unsupported: ActionExecutor<UnsupportedBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, ctx }) {
    addLog(ctx, {
      status: "error",
      description: `${getUnsupportedBlockLabel(block, englishBlockTexts)}; the block was skipped`,
      context: block.id,
    });
    return { type: "next" };
  },
};
