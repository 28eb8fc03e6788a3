import type { TelegramUpdate } from "./telegramUpdateSchema";

/** The variable a deep link's start parameter (`t.me/<bot>?start=<payload>`) prefills. */
export const startParameterVariableName = "start";

/** What Telegram lets a deep link carry: 1 to 64 letters, digits, `_` and `-`. */
const deepLinkPayloadPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** `/start`, addressed to a bot (`/start@name_bot`) maybe, as its bot_command entity spans it. */
const startCommandPattern = /^\/start(?:@([A-Za-z0-9_]+))?$/i;

export interface StartCommand {
  /** The bot the command names (`/start@name_bot`, in groups), without the `@`. */
  addressedTo?: string;
  /** The deep link's start parameter, when the text after the command is one. */
  payload?: string;
}

/**
 * The `/start` command a message opens with, as Telegram marks it (a `bot_command` entity at offset
 * 0): what the Start button sends (`/start`), a deep link (`/start <payload>`) or a group's
 * `/start@name_bot`. Null for any other message, a `/start` typed inside a text included.
 */
export function readStartCommand(message: NonNullable<TelegramUpdate["message"]>): StartCommand | null {
  const text = message.text;
  const entity = message.entities?.find((candidate) => candidate.type === "bot_command");
  if (text === undefined || !entity || entity.offset !== 0) return null;
  const command = startCommandPattern.exec(text.slice(0, entity.length));
  if (!command) return null;
  const rest = text.slice(entity.length);
  if (rest !== "" && !/^\s/.test(rest)) return null;
  const payload = rest.trim();
  return {
    ...(command[1] ? { addressedTo: command[1] } : {}),
    ...(deepLinkPayloadPattern.test(payload) ? { payload } : {}),
  };
}
