import type { ChatwootBlock } from "@parley/schemas";
import { parseVariablesDeep } from "../../variables/parseVariablesDeep";
import { addClientSideAction, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";

const DEFAULT_BASE_URL = "https://app.chatwoot.com";

/**
 * `Chatwoot`: the client loads the Chatwoot widget (with the user's details, values passed as
 * arguments, never spliced into code) and opens it, or closes it.
 */
export const chatwoot: ActionExecutor<ChatwootBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, ctx }) {
    const options = parseVariablesDeep(block.options ?? {}, getCurrentScope(ctx));
    const content =
      options.task === "Close widget"
        ? "if (window.$chatwoot) window.$chatwoot.toggle('close');"
        : SHOW_WIDGET_SCRIPT;
    const user = options.user ?? {};
    addClientSideAction(ctx, {
      type: "chatwoot",
      chatwoot: {
        scriptToExecute: {
          content,
          args: [
            { id: "baseUrl", value: (options.baseUrl || DEFAULT_BASE_URL).replace(/\/$/, "") },
            { id: "websiteToken", value: options.websiteToken ?? "" },
            { id: "userId", value: user.id || null },
            { id: "userEmail", value: user.email || null },
            { id: "userName", value: user.name || null },
            { id: "userAvatarUrl", value: user.avatarUrl || null },
            { id: "userPhoneNumber", value: user.phoneNumber || null },
          ],
          isUnsafe: false,
          isCode: false,
        },
      },
    });
    return { type: "next" };
  },
};

const SHOW_WIDGET_SCRIPT = `
const open = () => {
  if (userId) window.$chatwoot.setUser(userId, { email: userEmail ?? undefined, name: userName ?? undefined, avatar_url: userAvatarUrl ?? undefined, phone_number: userPhoneNumber ?? undefined });
  window.$chatwoot.toggle("open");
};
if (window.$chatwoot) { open(); return; }
window.addEventListener("chatwoot:ready", open, { once: true });
const script = document.createElement("script");
script.src = baseUrl + "/packs/js/sdk.js";
script.async = true;
script.onload = () => window.chatwootSDK.run({ websiteToken, baseUrl });
document.head.appendChild(script);
`.trim();
