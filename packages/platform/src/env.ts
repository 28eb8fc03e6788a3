import { z } from "zod";

const envSchema = z.object({
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Days a builder sign-in lasts. */
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
});

// biome-ignore lint/style/noProcessEnv: this module is where the platform package reads its environment
export const platformEnv = envSchema.parse(process.env);
