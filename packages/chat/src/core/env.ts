import { readConfig, viewerUrlOf } from "@parley/config";

const config = readConfig([
  "CHAT_TURN_TIMEOUT_MS",
  "CHAT_REPEAT_WINDOW_MS",
  "CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE",
  "CHAT_RATE_LIMIT_START_PER_KEY_PER_MINUTE",
  "CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE",
  "CHAT_SESSION_IDLE_HOURS",
  "CHAT_SESSION_GRACE_HOURS",
  "CHAT_CLEANUP_INTERVAL_SECONDS",
  "CHAT_FLOW_CACHE_ENTRIES",
  "CHAT_FLOW_CACHE_MB",
  "DATA_DIR",
  "CHAT_UPLOAD_MAX_MB",
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_ACCESS_KEY",
  "S3_SECRET_KEY",
  "S3_REGION",
  "S3_PUBLIC_URL",
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLIC_KEY",
  "STRIPE_API_URL",
  "WHATSAPP_MESSAGES_PER_SECOND",
  "CHANNEL_SEND_RECOVERY_SECONDS",
  "WEBHOOK_POLL_INTERVAL_MS",
  "WEBHOOK_TIMEOUT_MS",
  "WEBHOOK_RETRY_HOURS",
  "CHAT_SERVER_PORT",
  "VIEWER_URL",
  "VIEWER_PORT",
]);

/** The chat runtime's slice of the configuration (packages/config declares the variables). */
export const chatEnv = { ...config, VIEWER_URL: viewerUrlOf(config) };
export type ChatEnv = typeof chatEnv;
