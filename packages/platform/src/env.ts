import { z } from "zod";
import { parseTrustedProxies } from "./http/trustedProxies";

const envSchema = z.object({
  /**
   * Public URL of the builder ({base_url}): its origin is the only one whose pages may send a state-changing
   * request authenticated by the sign-in cookie (auth/assertSameOriginRequest.ts).
   */
  BUILDER_URL: z.string().url().default("http://localhost:3000"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Days a builder sign-in lasts. */
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  /** Failed sign-ins (and wrong current passwords) per e-mail address in a window; then refused. 0: no limit. */
  SIGN_IN_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(0).default(10),
  /** Failed sign-ins per client address (an IPv6 client by its /64) in a window; then refused. 0: no limit. */
  SIGN_IN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(0).default(50),
  /** The window of both sign-in limits, in minutes. */
  SIGN_IN_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().max(1440).default(15),
  /** Redis of the shared rate limits (`redis://…` or `rediss://…`); unset: they live in PostgreSQL. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")
    .optional(),
  /**
   * A published bot whose riskLevel (0-100, computed when publishing) is at or above this is held:
   * published but not served until an administrator clears it or verifies its workspace.
   * Above 100 nothing is held.
   */
  PUBLISH_RISK_THRESHOLD: z.coerce.number().int().min(0).default(100),
  /**
   * Comma-separated addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`: the
   * peers whose X-Forwarded-For is believed when the apps take the client's address. Empty: none.
   */
  TRUSTED_PROXIES: z
    .string()
    .default("loopback")
    .transform((value, context) => {
      try {
        return parseTrustedProxies(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
});

// biome-ignore lint/style/noProcessEnv: this module is where the platform package reads its environment
export const platformEnv = envSchema.parse(process.env);
