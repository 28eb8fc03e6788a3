import type { TurnResponse } from "@parley/engine";
import { type ChatInput, getTextChannelMessages, type TextChannelMessage } from "@parley/schemas";

/**
 * A turn's bot messages, then its input, as a text-only channel shows them: each by its kind's
 * definition (one message, or several for cards and pictures), the runtime's own hints in the
 * response's language; a message of no kind (a plug-in's embed) and empty renderings are left out.
 */
export function toTextChannelMessages(
  response: Pick<TurnResponse, "messages" | "language"> & { input?: ChatInput | null },
): TextChannelMessage[] {
  const sources = [...response.messages, ...(response.input ? [response.input] : [])];
  return sources
    .flatMap((source) => getTextChannelMessages(source, response.language))
    .filter((message) => message.text.trim() !== "" || message.media || message.choices?.length);
}
