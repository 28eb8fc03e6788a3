import type { Conversation } from "@parley/schemas/management/inbox";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { languageName } from "../editor/languages/languageName";

/** Where each conversation came from, in the interface language. */
export const getChannelLabels = (
  t: InterfaceTranslator<"Inbox">,
): Record<Conversation["channel"], string> => ({
  web: t("channelWeb"),
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  messaging: t("channelMessaging"),
  preview: t("channelPreview"),
});

/**
 * Where the visitor is, and the language they chat in when the bot has several ("Web chat · French (fr)"), in the
 * interface language.
 */
export function describeChannel(
  conversation: Pick<Conversation, "channel" | "language">,
  t: InterfaceTranslator<"Inbox">,
  locale = "en",
): string {
  const channel = getChannelLabels(t)[conversation.channel];
  return conversation.language ? `${channel} · ${languageName(conversation.language, locale)}` : channel;
}
