import { z } from "zod";
import { parseAllowList } from "./outbound/allowList";

const booleanFromString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Days a builder sign-in lasts. */
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  /** Whether anyone may create an account from the sign-up page (the first user always can). */
  ALLOW_SIGNUP: booleanFromString.default(true),
  /**
   * Key material of the credentials store (AES-256-GCM), at least 32 characters. Required outside tests;
   * `npm start` generates one into DATA_DIR/encryption-secret on the first start.
   */
  ENCRYPTION_SECRET: z
    .string()
    .min(32, "ENCRYPTION_SECRET must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Public URL of the builder ({base_url}). */
  BUILDER_URL: z.string().url().default("http://localhost:3000"),
  /** A Stripe secret key. This release bills from its own ledger only; see docs/api.md, "Billing". */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Public URL of the viewer ({chat_url}). */
  VIEWER_URL: z.string().url().default("http://localhost:3001"),
  /**
   * Comma-separated host names (`api.internal`, `*.corp.example`), IP addresses and CIDR ranges that
   * outbound requests (HTTP request block, sandbox fetch) may reach although they are private.
   */
  OUTBOUND_ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((value, context) => {
      try {
        return parseAllowList(value.split(","));
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
});

// biome-ignore lint/style/noProcessEnv: this module is where the api package reads its environment
export const apiEnv = envSchema.parse(process.env);
