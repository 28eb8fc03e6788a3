import type { ChatBubble } from "../../chat/bubbles";
import type { ChatInput } from "../../chat/input";
import { getRuntimeTexts, type TextChannelTexts } from "../languages/runtime-texts/getRuntimeTexts";
import { getBlockDefinition } from "./index";
import type { TextChannelMessage } from "./textChannel";

type TextChannelSource = ChatInput | ChatBubble;

type TextChannelRenderer = (
  source: TextChannelSource,
  t: TextChannelTexts,
) => TextChannelMessage | TextChannelMessage[];

/**
 * A chat input or bot message as a text-only channel (WhatsApp, Telegram) sends it, by its kind's
 * definition: one message or several (cards, pictures), none for a message of no block kind (a
 * plug-in's custom embed). The hints and built-in labels the runtime writes are in `language` (the session's; English
 * for a language without a catalogue, and for null).
 */
export function getTextChannelMessages(
  source: TextChannelSource,
  language?: string | null,
): TextChannelMessage[] {
  const definition = getBlockDefinition(source.type);
  if (!definition || !("textChannel" in definition)) return [];
  // The definition is the one of `source.type`, so its renderer takes this very source.
  const rendered = (definition.textChannel as TextChannelRenderer)(
    source,
    getRuntimeTexts(language, "TextChannel"),
  );
  return Array.isArray(rendered) ? rendered : [rendered];
}
