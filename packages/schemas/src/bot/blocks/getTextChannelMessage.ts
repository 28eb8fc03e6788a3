import type { ChatBubble } from "../../chat/bubbles";
import type { ChatInput } from "../../chat/input";
import { getBlockDefinition } from "./index";
import type { TextChannelMessage } from "./textChannel";

type TextChannelSource = ChatInput | ChatBubble;

/**
 * A chat input or bot message as a text-only channel (WhatsApp, Telegram) sends it, by its kind's
 * definition; null for a message of no block kind (a plug-in's custom embed).
 */
export function getTextChannelMessage(source: TextChannelSource): TextChannelMessage | null {
  const definition = getBlockDefinition(source.type);
  if (!definition || !("textChannel" in definition)) return null;
  // The definition is the one of `source.type`, so its renderer takes this very source.
  return (definition.textChannel as (source: TextChannelSource) => TextChannelMessage)(source);
}
