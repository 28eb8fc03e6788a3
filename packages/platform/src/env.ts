import { z } from "zod";

const envSchema = z.object({
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Days a builder sign-in lasts. */
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  /** Redis of the shared rate limits (`redis://…` or `rediss://…`); unset: they live in PostgreSQL. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")
    .optional(),
});

// biome-ignore lint/style/noProcessEnv: this module is where the platform package reads its environment
export const platformEnv = envSchema.parse(process.env);
