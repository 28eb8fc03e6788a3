import { z } from "zod";

/**
 * Workspace credentials: the secrets blocks use (AI API keys, SMTP accounts, Stripe keys).
 * `data` is written once and stored encrypted; reads return the record without it.
 */
export const credentialsTypes = [
  "openai",
  "anthropic",
  "mistral",
  "openai-compatible",
  "smtp",
  "stripe",
] as const;
export const credentialsTypeSchema = z.enum(credentialsTypes);
export type CredentialsType = z.infer<typeof credentialsTypeSchema>;

const secretSchema = z.string().trim().min(1, "Must not be empty").max(4096);
/** An http(s) URL; where it may point is checked when it is used (SSRF rules). */
const baseUrlSchema = z
  .string()
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
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65535).default(587),
  /** On: TLS from the first byte (port 465). Off: STARTTLS when the server offers it. */
  isTlsEnabled: z.boolean().default(false),
  username: z.string().max(512).optional(),
  password: z.string().max(4096).optional(),
  from: z.object({
    email: z.string().trim().email(),
    name: z.string().trim().max(200).optional(),
  }),
});

const stripeKeyPairSchema = z.object({ secretKey: secretSchema, publicKey: secretSchema });
export const stripeCredentialsDataSchema = z.object({
  live: stripeKeyPairSchema,
  /** Used by preview chats when present. */
  test: stripeKeyPairSchema.optional(),
});

export const credentialsDataSchemas = {
  openai: aiCredentialsDataSchema,
  anthropic: aiCredentialsDataSchema,
  mistral: aiCredentialsDataSchema,
  "openai-compatible": openAiCompatibleCredentialsDataSchema,
  smtp: smtpCredentialsDataSchema,
  stripe: stripeCredentialsDataSchema,
} as const satisfies Record<CredentialsType, z.ZodType>;

export type CredentialsData<T extends CredentialsType> = z.infer<(typeof credentialsDataSchemas)[T]>;

const credentialsNameSchema = z.string().trim().min(1, "Must not be empty").max(100);
const newCredentialsOf = <T extends CredentialsType, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), name: credentialsNameSchema, data });

/** Create input: the type decides the shape of `data`. */
export const newCredentialsSchema = z.discriminatedUnion("type", [
  newCredentialsOf("openai", aiCredentialsDataSchema),
  newCredentialsOf("anthropic", aiCredentialsDataSchema),
  newCredentialsOf("mistral", aiCredentialsDataSchema),
  newCredentialsOf("openai-compatible", openAiCompatibleCredentialsDataSchema),
  newCredentialsOf("smtp", smtpCredentialsDataSchema),
  newCredentialsOf("stripe", stripeCredentialsDataSchema),
]);
export type NewCredentials = z.infer<typeof newCredentialsSchema>;
export { credentialsNameSchema };

/** What reads return: never the secret data. */
export const credentialsRecordSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  type: credentialsTypeSchema,
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
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
};
