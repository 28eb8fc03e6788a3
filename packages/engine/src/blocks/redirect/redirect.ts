import { parseVariables } from "../../variables/parseVariables";
import { addClientSideAction, addLog, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";

/**
 * A URL safe to send a browser to: http(s), mailto and tel; without a scheme, https is assumed.
 * Anything else (javascript:, data:, …) is refused.
 */
export const sanitizeRedirectUrl = (raw: string): string | undefined => {
  const text = raw.trim();
  if (!text) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, "")}`;
  try {
    const url = new URL(withScheme);
    return ["http:", "https:", "mailto:", "tel:"].includes(url.protocol) ? withScheme : undefined;
  } catch {
    return undefined;
  }
};

/** `Redirect`: the client opens the URL (in a new tab when asked); the flow goes on. */
export const redirect: ActionExecutor = {
  kind: "action",
  async execute({ block, ctx }) {
    const options = (block.options ?? {}) as { url?: string; isNewTab?: boolean };
    const url = sanitizeRedirectUrl(parseVariables(options.url, getCurrentScope(ctx)));
    if (!url) {
      addLog(ctx, { status: "error", description: "Redirect has no valid URL; skipped", context: block.id });
      return { type: "next" };
    }
    addClientSideAction(ctx, { type: "redirect", redirect: { url, isNewTab: options.isNewTab ?? false } });
    return { type: "next" };
  },
};
