export interface TypingEmulationLike {
  enabled?: boolean;
  /** Words per minute. */
  speed?: number;
  /** Seconds. */
  maxDelay?: number;
  /** Seconds. */
  delayBetweenBubbles?: number;
  isDisabledOnFirstMessage?: boolean;
}

/** Milliseconds the "typing" indicator shows before a text bubble, per the bot's typing emulation. */
export function computeTypingDelay(
  text: string,
  typing: TypingEmulationLike | undefined,
  { isFirstMessage }: { isFirstMessage: boolean },
): number {
  if (!typing?.enabled) return 0;
  if (isFirstMessage && typing.isDisabledOnFirstMessage !== false) return 0;
  const words = text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  const count = words === 0 ? text.trim().length : words;
  const speed = typing.speed && typing.speed > 0 ? typing.speed : 400;
  const delay = (count / speed) * 60_000;
  const maxDelay = (typing.maxDelay ?? 3) * 1000;
  return Math.max(0, Math.min(delay, maxDelay));
}

/** Milliseconds between two consecutive bubbles. */
export function getDelayBetweenBubbles(typing: TypingEmulationLike | undefined): number {
  const seconds = typing?.delayBetweenBubbles ?? 0;
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) * 1000 : 0;
}
