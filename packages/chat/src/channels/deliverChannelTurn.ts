import type { TextChannelMessage } from "@parley/schemas";
import type { ChannelTurn } from "./channelTurn";
import type { ChannelDelivery, PlatformCall } from "./durableDelivery";
import { getTypingPauses } from "./getTypingPauses";
import { toTextChannelMessages } from "./toTextChannelMessages";

/**
 * A turn's replies as delivery steps: each rendered message with its typing pause (the platform's
 * typing signal shown during it, where it has one) and the platform calls that send it, in order.
 */
export function toDeliverySteps(
  turn: ChannelTurn,
  render: (message: TextChannelMessage) => PlatformCall[],
): ChannelDelivery["steps"] {
  const messages = toTextChannelMessages(turn.response);
  const pauses = getTypingPauses(messages, turn.settings, turn);
  return messages.map((message, index) => ({
    pauseMs: Math.round(pauses[index] ?? 0),
    calls: render(message),
  }));
}
