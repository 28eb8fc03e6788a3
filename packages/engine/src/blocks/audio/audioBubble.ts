import { type AudioBubbleBlock, audioBubbleBlock } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { getCurrentScope } from "../../walk/TurnContext";
import type { BubbleExecutor } from "../BlockExecutor";
import { toSafeUrl } from "../shared/toSafeUrl";

/** `audio`: URL with variables; autoplay on unless turned off. */
export const audioBubble: BubbleExecutor<AudioBubbleBlock> = {
  kind: "bubble",
  async createBubble({ block, ctx }) {
    const content = block.content ?? {};
    const url = toSafeUrl(parseVariables(content.url, getCurrentScope(ctx)).trim());
    if (!url) return null;
    return {
      id: block.id,
      type: audioBubbleBlock.type,
      content: { url, isAutoplayEnabled: content.isAutoplayEnabled ?? true },
    };
  },
};
