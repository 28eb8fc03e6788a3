import { maxSessionExpiryHours } from "@parley/schemas";
import { z } from "zod";

const count = z.coerce.number().int().min(0);

const chatEnvSchema = z.object({
  /** Per-turn time budget: past it the turn fails (TURN_TIMEOUT) and the session stays as it was. */
  CHAT_TURN_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * A continueChat without Idempotency-Key whose body equals the previous turn's, received within
   * this many ms of it, is a repeated submit: it gets the previous response. 0 disables.
   */
  CHAT_REPEAT_WINDOW_MS: count.default(2_000),
  /**
   * Shared by every process (platform/limits); 0 disables a limit. startChat per client IP and per key
   * (chat key or API token).
   */
  CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE: count.default(60),
  CHAT_RATE_LIMIT_START_PER_KEY_PER_MINUTE: count.default(6_000),
  /** continueChat (and uploads) per session. */
  CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE: count.default(120),
  /**
   * The one default of `settings.messaging.sessionExpiryTimeout`: sessions (web and messaging) of bots
   * that set none expire after this many hours without a turn. At most 720, the longest a bot may set.
   */
  CHAT_SESSION_IDLE_HOURS: z.coerce.number().positive().max(maxSessionExpiryHours).default(72),
  /** Expired sessions stay (answering SESSION_EXPIRED) this long before the cleanup deletes them. */
  CHAT_SESSION_GRACE_HOURS: z.coerce.number().min(0).default(24),
  /** How often each process runs the cleanup of expired sessions and old replay records; 0 disables it. */
  CHAT_CLEANUP_INTERVAL_SECONDS: count.default(300),
  /** Published versions kept in memory per process. */
  CHAT_FLOW_CACHE_ENTRIES: z.coerce.number().int().positive().default(500),
  /** …and at most this much of their JSON, in megabytes (the newest is kept whatever its size). */
  CHAT_FLOW_CACHE_MB: z.coerce.number().positive().default(256),
  /** Where uploaded files live when no S3 bucket is configured (under it, `uploads/`). */
  DATA_DIR: z.string().default(".data"),
  /** Largest file accepted by an upload when the block sets no smaller limit, in megabytes. */
  CHAT_UPLOAD_MAX_MB: z.coerce.number().positive().default(10),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** Public base URL of the bucket's objects when it differs from `<S3_ENDPOINT>/<S3_BUCKET>`. */
  S3_PUBLIC_URL: z.string().url().optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLIC_KEY: z.string().min(1).optional(),
  /** Stripe's REST API (operator-set, so not subject to the outbound address rules). */
  STRIPE_API_URL: z.string().url().default("https://api.stripe.com"),
  /** Messages a second a WhatsApp business phone number may send (Meta's default throughput: 80). */
  WHATSAPP_MESSAGES_PER_SECOND: z.coerce.number().int().positive().default(80),
  /** How often each process looks for result webhooks to deliver; 0: this process delivers none. */
  WEBHOOK_POLL_INTERVAL_MS: count.default(1_000),
  /** A delivery attempt without an answer within this long is retried. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(10_000),
  /** Failed deliveries are retried (exponential backoff, jitter) for this many hours, then marked failed. */
  WEBHOOK_RETRY_HOURS: z.coerce.number().positive().default(24),
  /** Port of `npm run chat-server`. */
  CHAT_SERVER_PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  /** Public URL of the viewer ({chat_url}). */
  VIEWER_URL: z.string().url().default("http://localhost:3001"),
});

// biome-ignore lint/style/noProcessEnv: this module is where the chat runtime reads its environment
export const chatEnv = chatEnvSchema.parse(process.env);
export type ChatEnv = typeof chatEnv;
