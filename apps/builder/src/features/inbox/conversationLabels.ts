import type { Conversation } from "@parley/schemas/management/inbox";
import { languageName } from "../editor/languages/languageName";

const channelLabels: Record<Conversation["channel"], string> = {
  web: "Web chat",
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  messaging: "WhatsApp or Telegram",
  preview: "Builder preview",
};

/** Where the visitor is, and the language they chat in when the bot has several ("Web chat · French (fr)"). */
export function describeChannel(conversation: Pick<Conversation, "channel" | "language">): string {
  const channel = channelLabels[conversation.channel];
  return conversation.language ? `${channel} · ${languageName(conversation.language)}` : channel;
}
