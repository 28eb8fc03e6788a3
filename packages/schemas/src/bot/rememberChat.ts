// No zod here: the chat widget's embed bundle imports this module.
import type { GeneralSettings } from "./settings";

export type RememberedChatStorage = "session" | "local";

/**
 * Where a visitor's chat is kept between page loads, or null when nothing is kept: the two general
 * settings, each as its name says.
 * - "Remember the user" (`rememberUser.isEnabled`): kept in its storage, `session` (this tab: a reload
 *   continues the chat, a new tab starts a new one) or `local` (this browser: new tabs and later visits
 *   continue it too). A remembered visitor's reload always continues the chat.
 * - Otherwise "New result on refresh" off (`isNewResultOnRefreshEnabled: false`): kept for this tab, so a
 *   reload continues the same chat and result; a new tab or visit starts afresh.
 * - Otherwise (the defaults): a reload starts a new chat and a new result.
 * startChat continues a stored result (its `resultId`) under the same rule.
 */
export function getRememberedChatStorage(general: GeneralSettings | undefined): RememberedChatStorage | null {
  if (general?.rememberUser?.isEnabled === true) return general.rememberUser.storage ?? "session";
  if (general?.isNewResultOnRefreshEnabled === false) return "session";
  return null;
}
