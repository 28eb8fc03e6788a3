import { z } from "zod";
import { textSchema } from "./text";

/**
 * Workspace credentials: the secrets blocks and messaging channels use (AI API keys, SMTP accounts, Stripe
 * keys, WhatsApp and Telegram accounts, Google service-account keys).
 * `data` is written once and stored encrypted; reads return the record without it.
 */
export const credentialsTypes = [
  "openai",
  "anthropic",
  "mistral",
  "openai-compatible",
  "smtp",
  "stripe",
  "whatsApp",
  "telegram",
  "googleSheets",
] as const;
export const credentialsTypeSchema = z.enum(credentialsTypes);
export type CredentialsType = z.infer<typeof credentialsTypeSchema>;

const secretSchema = textSchema.trim().min(1, "Must not be empty").max(4096);
/** An http(s) URL; where it may point is checked when it is used (SSRF rules). */
const baseUrlSchema = textSchema
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), "Must be an http(s) URL");

export const aiCredentialsDataSchema = z.object({
  apiKey: secretSchema,
  /** Another endpoint speaking the same protocol (a proxy, Azure, a gateway); the key is only sent there. */
  baseUrl: baseUrlSchema.optional(),
});

export const openAiCompatibleCredentialsDataSchema = z.object({
  /** Local servers (Ollama, vLLM, LM Studio) often need none. */
  apiKey: secretSchema.optional(),
  /** Up to the version segment, e.g. `https://api.groq.com/openai/v1` or `http://localhost:11434/v1`. */
  baseUrl: baseUrlSchema,
});

export const smtpCredentialsDataSchema = z.object({
  host: textSchema.trim().min(1).max(253),
  port: z.number().int().min(1).max(65535).default(587),
  /** On: TLS from the first byte (port 465). Off: STARTTLS when the server offers it. */
  isTlsEnabled: z.boolean().default(false),
  username: textSchema.max(512).optional(),
  password: textSchema.max(4096).optional(),
  from: z.object({
    email: textSchema.trim().email(),
    name: textSchema.trim().max(200).optional(),
  }),
});

const stripeKeyPairSchema = z.object({ secretKey: secretSchema, publicKey: secretSchema });
export const stripeCredentialsDataSchema = z.object({
  live: stripeKeyPairSchema,
  /** Used by preview chats when present. */
  test: stripeKeyPairSchema.optional(),
});

/** A WhatsApp Cloud API phone number: the token sends, the app secret signs webhooks, the verify token subscribes. */
export const whatsAppCredentialsDataSchema = z.object({
  systemUserAccessToken: secretSchema,
  phoneNumberId: textSchema
    .trim()
    .regex(/^[0-9]{1,32}$/, "Must be the phone number ID (digits) from Meta's console"),
  appSecret: secretSchema,
  verifyToken: secretSchema,
});

/** A Telegram bot: BotFather's token, and the secret Telegram echoes in each webhook call. */
export const telegramCredentialsDataSchema = z.object({
  botToken: textSchema
    .trim()
    .regex(/^[0-9]{1,20}:[A-Za-z0-9_-]{20,200}$/, "Must be a bot token from BotFather (123456:ABC…)"),
  // Telegram accepts 1-256 characters of A-Z, a-z, 0-9, _ and - for setWebhook's secret_token.
  secretToken: textSchema.trim().regex(/^[A-Za-z0-9_-]{1,256}$/, "Must be 1-256 letters, digits, _ or -"),
});

/**
 * A Google service account's key, as in the JSON file Google's console downloads (its other fields are
 * accepted and dropped, so the whole file can be sent as `data`).
 */
export const googleSheetsCredentialsDataSchema = z.object({
  client_email: textSchema.trim().max(320).email("Must be the service account's e-mail (client_email)"),
  private_key: textSchema
    .trim()
    .max(8192)
    .regex(
      /^-----BEGIN (?:RSA )?PRIVATE KEY-----[\s\S]+-----END (?:RSA )?PRIVATE KEY-----$/,
      "Must be the PEM private key (private_key) of the service account's JSON key",
    ),
});

export const credentialsDataSchemas = {
  openai: aiCredentialsDataSchema,
  anthropic: aiCredentialsDataSchema,
  mistral: aiCredentialsDataSchema,
  "openai-compatible": openAiCompatibleCredentialsDataSchema,
  smtp: smtpCredentialsDataSchema,
  stripe: stripeCredentialsDataSchema,
  whatsApp: whatsAppCredentialsDataSchema,
  telegram: telegramCredentialsDataSchema,
  googleSheets: googleSheetsCredentialsDataSchema,
} as const satisfies Record<CredentialsType, z.ZodType>;

export type CredentialsData<T extends CredentialsType> = z.infer<(typeof credentialsDataSchemas)[T]>;

const credentialsNameSchema = textSchema.trim().min(1, "Must not be empty").max(100);
const newCredentialsOf = <T extends CredentialsType, D extends z.ZodType>(type: T, data: D) =>
  z.strictObject({ type: z.literal(type), name: credentialsNameSchema, data });

/** Create input: the type decides the shape of `data`. */
export const newCredentialsSchema = z.discriminatedUnion("type", [
  newCredentialsOf("openai", aiCredentialsDataSchema),
  newCredentialsOf("anthropic", aiCredentialsDataSchema),
  newCredentialsOf("mistral", aiCredentialsDataSchema),
  newCredentialsOf("openai-compatible", openAiCompatibleCredentialsDataSchema),
  newCredentialsOf("smtp", smtpCredentialsDataSchema),
  newCredentialsOf("stripe", stripeCredentialsDataSchema),
  newCredentialsOf("whatsApp", whatsAppCredentialsDataSchema),
  newCredentialsOf("telegram", telegramCredentialsDataSchema),
  newCredentialsOf("googleSheets", googleSheetsCredentialsDataSchema),
]);
export type NewCredentials = z.infer<typeof newCredentialsSchema>;
export { credentialsNameSchema };

/** What reads return: never the secret data. */
export const credentialsRecordSchema = z.object({
  id: textSchema,
  workspaceId: textSchema,
  type: credentialsTypeSchema,
  name: textSchema,
  createdAt: textSchema,
  updatedAt: textSchema,
});
export type CredentialsRecord = z.infer<typeof credentialsRecordSchema>;

/** Which credential types a block type uses. */
export const credentialsTypeOfBlockType: Record<string, CredentialsType> = {
  openai: "openai",
  OpenAI: "openai",
  anthropic: "anthropic",
  mistral: "mistral",
  "openai-compatible": "openai-compatible",
  Email: "smtp",
  "payment input": "stripe",
  "Google Sheets": "googleSheets",
};
