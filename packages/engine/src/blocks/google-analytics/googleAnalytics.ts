import type { GoogleAnalyticsBlock } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { addClientSideAction, addLog, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";

/** `Google Analytics`: the client sends the event (live chats only; preview logs it instead). */
export const googleAnalytics: ActionExecutor<GoogleAnalyticsBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, ctx }) {
    if (ctx.state.isPreview) {
      addLog(ctx, {
        status: "info",
        description: "Google Analytics events are not sent in preview",
        context: block.id,
      });
      return { type: "next" };
    }
    const options = block.options ?? {};
    const scope = getCurrentScope(ctx);
    const text = (value: string | undefined) => parseVariables(value, scope).trim() || null;
    const value = Number(parseVariables(String(options.value ?? ""), scope));
    addClientSideAction(ctx, {
      type: "googleAnalytics",
      googleAnalytics: {
        trackingId: text(options.trackingId),
        category: text(options.category),
        action: text(options.action),
        label: text(options.label),
        value: options.value !== undefined && options.value !== "" && Number.isFinite(value) ? value : null,
        sendTo: text(options.sendTo),
      },
    });
    return { type: "next" };
  },
};
