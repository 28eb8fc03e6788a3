import { z } from "zod";
import { callTelegramBotApi } from "./callTelegramBotApi";
import { getPlatformErrorMessage } from "./getPlatformErrorMessage";

const getMeAnswerSchema = z.looseObject({
  ok: z.literal(true),
  result: z.looseObject({ username: z.string().min(1) }),
});

/** Bot API `getMe`: the bot's username (`name_bot`, without the `@`), or why Telegram did not give it. */
export async function getTelegramBotUsername(
  botToken: string,
  options: { apiUrl?: string } = {},
): Promise<{ ok: true; username: string } | { ok: false; error: string }> {
  const result = await callTelegramBotApi(botToken, "getMe", {}, options);
  if (!result.ok) return { ok: false, error: getPlatformErrorMessage(result) };
  const answer = getMeAnswerSchema.safeParse(result.answer);
  if (!answer.success) return { ok: false, error: "Telegram (getMe) answered without a username" };
  return { ok: true, username: answer.data.result.username };
}
