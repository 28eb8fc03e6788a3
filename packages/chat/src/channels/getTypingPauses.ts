import {
  applySettingsDefaults,
  computeTypingDelay,
  getDelayBetweenBubbles,
  type Settings,
  type TextChannelMessage,
} from "@parley/schemas";

/** Longest pause before one message on a channel, and all pauses of one turn together. */
export const CHANNEL_TYPING_CAP_MS = { perMessage: 3_000, perTurn: 10_000 } as const;

/** The pause of a media message, as the web chat shows one. */
const MEDIA_PAUSE_MS = 400;

/**
 * The pause before each message of a turn on a messaging channel, from the bot's typing emulation
 * (as the web chat computes it: words at `speed` per minute up to `maxDelay`, plus the delay
 * between bubbles), capped at 3 s a message and 10 s a turn so replies stay well within the turn's
 * budget. All zeros when typing emulation is off.
 */
export function getTypingPauses(
  messages: readonly TextChannelMessage[],
  settings: Settings,
  { isFirstTurn }: { isFirstTurn: boolean },
): number[] {
  const { typingEmulation: typing, general } = applySettingsDefaults(settings);
  const isEnabled = typing.enabled && general.isTypingEmulationEnabled;
  let left: number = CHANNEL_TYPING_CAP_MS.perTurn;
  return messages.map((message, index) => {
    if (!isEnabled) return 0;
    const isFirstMessage = isFirstTurn && index === 0;
    const typingDelay = message.media
      ? isFirstMessage && typing.isDisabledOnFirstMessage !== false
        ? 0
        : Math.min(MEDIA_PAUSE_MS, (typing.maxDelay ?? 3) * 1000)
      : computeTypingDelay(message.text, typing, { isFirstMessage });
    const between = index > 0 ? getDelayBetweenBubbles(typing) : 0;
    const pause = Math.min(Math.round(typingDelay + between), CHANNEL_TYPING_CAP_MS.perMessage, left);
    left -= pause;
    return pause;
  });
}
