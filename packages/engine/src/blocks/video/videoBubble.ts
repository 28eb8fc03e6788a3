import { type VideoBubbleBlock, videoBubbleBlock } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { getCurrentScope } from "../../walk/TurnContext";
import type { BubbleExecutor } from "../BlockExecutor";
import { toSafeUrl } from "../shared/toSafeUrl";
import { parseVideoUrl } from "./parseVideoUrl";

/** `video`: the URL (with variables) re-parsed into an embeddable source; nothing without a URL. */
export const videoBubble: BubbleExecutor<VideoBubbleBlock> = {
  kind: "bubble",
  async createBubble({ block, ctx }) {
    const content = block.content ?? {};
    const scope = getCurrentScope(ctx);
    const rawUrl = toSafeUrl(parseVariables(content.url, scope).trim());
    if (!rawUrl) return null;
    const video = parseVideoUrl(rawUrl);
    const height =
      typeof content.height === "string" ? parseVariables(content.height, scope) : content.height;
    const queryParamsStr = content.queryParamsStr ? parseVariables(content.queryParamsStr, scope) : undefined;
    return {
      id: block.id,
      type: videoBubbleBlock.type,
      content: {
        type: video.type,
        url: video.url,
        ...(video.id ? { id: video.id } : {}),
        ...(height !== undefined && height !== "" ? { height: toNumberIfNumeric(height) } : {}),
        aspectRatio: content.aspectRatio ?? video.suggestedAspectRatio ?? "16/9",
        maxWidth: content.maxWidth ?? "100%",
        ...(video.queryParamsStr || queryParamsStr
          ? { queryParamsStr: video.queryParamsStr ?? queryParamsStr }
          : {}),
        ...(content.areControlsDisplayed !== undefined
          ? { areControlsDisplayed: content.areControlsDisplayed }
          : {}),
        ...(content.isAutoplayEnabled !== undefined ? { isAutoplayEnabled: content.isAutoplayEnabled } : {}),
      },
    };
  },
};

const toNumberIfNumeric = (value: number | string): number | string => {
  const numeric = Number(value);
  return typeof value === "number" || (value.trim() !== "" && Number.isFinite(numeric)) ? numeric : value;
};
