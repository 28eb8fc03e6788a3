import { type ImageBubbleBlock, imageBubbleBlock } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { getCurrentScope } from "../../walk/TurnContext";
import type { BubbleExecutor } from "../BlockExecutor";
import { toSafeUrl } from "../shared/toSafeUrl";

const DEFAULT_ALT = "Bubble image";

/** `image`: URL and click link with variables; nothing without a URL. */
export const imageBubble: BubbleExecutor<ImageBubbleBlock> = {
  kind: "bubble",
  async createBubble({ block, ctx }) {
    const content = block.content ?? {};
    const scope = getCurrentScope(ctx);
    const url = toSafeUrl(parseVariables(content.url, scope).trim(), { allowDataImages: true });
    if (!url) return null;
    const linkUrl = toSafeUrl(parseVariables(content.clickLink?.url, scope).trim());
    return {
      id: block.id,
      type: imageBubbleBlock.type,
      content: {
        url,
        ...(linkUrl
          ? { clickLink: { url: linkUrl, alt: parseVariables(content.clickLink?.alt, scope) || DEFAULT_ALT } }
          : {}),
      },
    };
  },
};
