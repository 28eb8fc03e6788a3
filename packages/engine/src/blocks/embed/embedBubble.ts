import { type EmbedBubbleBlock, embedBubbleBlock } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { getCurrentScope } from "../../walk/TurnContext";
import type { BubbleExecutor } from "../BlockExecutor";
import { toSafeUrl } from "../shared/toSafeUrl";

const DEFAULT_HEIGHT = 400;

/**
 * `embed`: URL with variables. With `waitForEvent` the walk stops here until the client sends the
 * event's data, which goes into `saveDataInVariableId`.
 */
export const embedBubble: BubbleExecutor<EmbedBubbleBlock> = {
  kind: "bubble",
  async createBubble({ block, ctx }) {
    const content = block.content ?? {};
    const scope = getCurrentScope(ctx);
    const url = toSafeUrl(parseVariables(content.url, scope).trim());
    if (!url && !content.waitForEvent?.isEnabled) return null;
    const height =
      typeof content.height === "string" ? parseVariables(content.height, scope) : content.height;
    return {
      id: block.id,
      type: embedBubbleBlock.type,
      content: {
        url,
        height: toHeight(height),
        ...(content.waitForEvent ? { waitForEvent: content.waitForEvent } : {}),
      },
    };
  },
  getWaitStep({ block, group }) {
    const waitForEvent = block.content?.waitForEvent;
    if (!waitForEvent?.isEnabled) return undefined;
    return {
      type: "wait",
      waitFor: {
        kind: "dedicatedReply",
        action: "embedEvent",
        groupId: group.id,
        blockId: block.id,
        ...(waitForEvent.saveDataInVariableId ? { variableId: waitForEvent.saveDataInVariableId } : {}),
      },
    };
  },
};

const toHeight = (height: number | string | undefined): number | string => {
  if (height === undefined || height === "") return DEFAULT_HEIGHT;
  const numeric = Number(height);
  return Number.isFinite(numeric) ? numeric : height;
};
