import { z } from "zod";
import { textSchema } from "../text";
import { defineCredentials } from "./defineCredentials";

/** A Telegram bot: BotFather's token, and the secret Telegram echoes in each webhook call. */
export const telegramCredentialsDataSchema = z.object({
  botToken: textSchema
    .trim()
    .regex(/^[0-9]{1,20}:[A-Za-z0-9_-]{20,200}$/, "Must be a bot token from BotFather (123456:ABC…)"),
  // Telegram accepts 1-256 characters of A-Z, a-z, 0-9, _ and - for setWebhook's secret_token.
  secretToken: textSchema.trim().regex(/^[A-Za-z0-9_-]{1,256}$/, "Must be 1-256 letters, digits, _ or -"),
});

export const telegramCredentials = defineCredentials({
  type: "telegram",
  schema: telegramCredentialsDataSchema,
  label: "Telegram",
  fields: {
    botToken: {
      label: "Bot token",
      isSecret: true,
      placeholder: "123456789:AAF…",
      hint: "The token BotFather gave when you created the bot.",
    },
    secretToken: {
      label: "Webhook secret token",
      isSecret: true,
      hint: "1-256 letters, digits, _ or -; Telegram sends it with every update so others cannot.",
    },
  },
});
