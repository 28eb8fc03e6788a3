import { parseVariables } from "../../variables/parseVariables";
import { getCurrentScope } from "../../walk/TurnContext";
import type { BubbleExecutor } from "../BlockExecutor";
import { toSafeUrl } from "../shared/toSafeUrl";

interface ImageBubbleContent {
  url?: string;
  clickLink?: { url?: string; alt?: string };
}

const DEFAULT_ALT = "Bubble image";

/** `image`: URL and click link with variables; nothing without a URL. */
export const imageBubble: BubbleExecutor = {
  kind: "bubble",
  async createBubble({ block, ctx }) {
    const content = (block.content ?? {}) as ImageBubbleContent;
    const scope = getCurrentScope(ctx);
    const url = toSafeUrl(parseVariables(content.url, scope).trim(), { allowDataImages: true });
    if (!url) return null;
    const linkUrl = toSafeUrl(parseVariables(content.clickLink?.url, scope).trim());
    return {
      id: block.id,
      type: "image",
      content: {
        url,
        ...(linkUrl
          ? { clickLink: { url: linkUrl, alt: parseVariables(content.clickLink?.alt, scope) || DEFAULT_ALT } }
          : {}),
      },
    };
  },
};
