import type { TextChannelMessage } from "@parley/schemas";
import type { ChannelsChatRuntime } from "./channelsRuntime";
import type { ChannelTurn } from "./channelTurn";
import { getTypingPauses } from "./getTypingPauses";
import { toTextChannelMessages } from "./toTextChannelMessages";

/**
 * Sends a turn's replies on a channel, one rendered message after the other, each after its typing
 * pause (with the platform's typing signal, where it has one, shown during the pause).
 */
export async function deliverChannelTurn(
  runtime: ChannelsChatRuntime,
  turn: ChannelTurn,
  channel: { send: (message: TextChannelMessage) => Promise<void>; showTyping?: () => Promise<void> },
) {
  const messages = toTextChannelMessages(turn.response);
  const pauses = getTypingPauses(messages, turn.settings, turn);
  for (const [index, message] of messages.entries()) {
    const pause = pauses[index] ?? 0;
    if (pause > 0) {
      await channel.showTyping?.();
      await runtime.channels.sleep(pause);
    }
    await channel.send(message);
  }
}
