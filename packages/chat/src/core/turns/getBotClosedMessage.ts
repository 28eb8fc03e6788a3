import { defaultSystemMessages, type Settings } from "@parley/schemas";

/** The bot's `settings.general.systemMessages.botClosed`, or the default text. */
export function getBotClosedMessage(settings: Settings): string {
  const message = settings.general?.systemMessages?.botClosed;
  return message?.trim() ? message : defaultSystemMessages.botClosed;
}
