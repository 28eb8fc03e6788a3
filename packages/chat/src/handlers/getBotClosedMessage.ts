import { defaultSystemMessages } from "@parley/schemas";

/** The bot's `settings.general.systemMessages.botClosed`, or the default text. */
export function getBotClosedMessage(settings: Record<string, unknown>): string {
  const general = settings.general as { systemMessages?: { botClosed?: unknown } } | undefined;
  const message = general?.systemMessages?.botClosed;
  return typeof message === "string" && message.trim() !== "" ? message : defaultSystemMessages.botClosed;
}
