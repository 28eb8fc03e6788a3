import type { ChatBubble } from "../../chat/bubbles";
import type { ChatInput } from "../../chat/input";
import { getBlockDefinition } from "./index";
import type { TextChannelMessage } from "./textChannel";

type TextChannelSource = ChatInput | ChatBubble;

type TextChannelRenderer = (source: TextChannelSource) => TextChannelMessage | TextChannelMessage[];

/**
 * A chat input or bot message as a text-only channel (WhatsApp, Telegram) sends it, by its kind's
 * definition: one message or several (cards, pictures), none for a message of no block kind (a
 * plug-in's custom embed).
 */
export function getTextChannelMessages(source: TextChannelSource): TextChannelMessage[] {
  const definition = getBlockDefinition(source.type);
  if (!definition || !("textChannel" in definition)) return [];
  // The definition is the one of `source.type`, so its renderer takes this very source.
  const rendered = (definition.textChannel as TextChannelRenderer)(source);
  return Array.isArray(rendered) ? rendered : [rendered];
}
