import { z } from "zod";

const milliseconds = z.coerce.number().int().positive();
const booleanFromString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const integrationsEnvSchema = z.object({
  /** An AI call awaited inside a chat turn gives up after this long (it also stops before the turn's budget ends). */
  AI_REQUEST_TIMEOUT_MS: milliseconds.default(25_000),
  /** A streamed AI answer is cut after this long. */
  AI_STREAM_TIMEOUT_MS: milliseconds.default(120_000),
  /** Connection, greeting and each SMTP command of the e-mail block. */
  SMTP_TIMEOUT_MS: milliseconds.default(15_000),
  /**
   * The platform's own SMTP server, used by e-mail blocks whose credentials are "default". It is the
   * operator's configuration, so it is not subject to the outbound rules that apply to authors' hosts.
   */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: booleanFromString.default(false),
  SMTP_USERNAME: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  /** Sender of platform e-mails: an address, or `Name <address>`. */
  SMTP_FROM: z.string().default("Parley <notifications@parley.local>"),
});

// biome-ignore lint/style/noProcessEnv: this module is where the integrations read their environment
export const integrationsEnv = integrationsEnvSchema.parse(process.env);
