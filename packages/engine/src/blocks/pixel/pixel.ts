import type { PixelBlock } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { addClientSideAction, addLog, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";

/** `Pixel`: the client tracks the Meta pixel event (live chats only; preview logs it instead). */
export const pixel: ActionExecutor<PixelBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, ctx }) {
    const options = block.options ?? {};
    if (ctx.state.isPreview) {
      addLog(ctx, { status: "info", description: "Pixel events are not sent in preview", context: block.id });
      return { type: "next" };
    }
    if (!options.pixelId || !options.eventType) {
      addLog(ctx, {
        status: "error",
        description: "Pixel block has no pixel id or event; skipped",
        context: block.id,
      });
      return { type: "next" };
    }
    const scope = getCurrentScope(ctx);
    addClientSideAction(ctx, {
      type: "pixel",
      pixel: {
        pixelId: options.pixelId,
        eventType: options.eventType,
        name: options.eventType === "Custom" ? parseVariables(options.name, scope) || null : null,
        params: (options.params ?? [])
          .filter((param) => param.key?.trim())
          .map((param) => ({
            key: parseVariables(param.key, scope),
            value: parseVariables(param.value, scope),
          })),
      },
    });
    return { type: "next" };
  },
};
