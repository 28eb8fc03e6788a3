import type { RedirectBlock } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { addClientSideAction, addLog, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";
import { hasUnsafeScheme } from "../shared/toSafeUrl";

/**
 * A URL safe to send a browser to: http(s), mailto and tel; without a scheme, https is assumed.
 * Anything else (javascript:, data:, …) is refused.
 */
export const sanitizeRedirectUrl = (raw: string): string | undefined => {
  const text = raw.trim();
  if (!text || hasUnsafeScheme(text)) return undefined;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^/:]+:\d+(\/|$)/.test(text);
  const withScheme = hasScheme ? text : `https://${text.replace(/^\/\//, "")}`;
  return URL.canParse(withScheme) ? withScheme : undefined;
};

/** `Redirect`: the client opens the URL (in a new tab when asked); the flow goes on. */
export const redirect: ActionExecutor<RedirectBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, ctx }) {
    const options = block.options ?? {};
    const url = sanitizeRedirectUrl(parseVariables(options.url, getCurrentScope(ctx)));
    if (!url) {
      addLog(ctx, { status: "error", description: "Redirect has no valid URL; skipped", context: block.id });
      return { type: "next" };
    }
    addClientSideAction(ctx, { type: "redirect", redirect: { url, isNewTab: options.isNewTab ?? false } });
    return { type: "next" };
  },
};
