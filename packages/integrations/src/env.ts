import { readConfig } from "@parley/config";

/** The integrations' slice of the configuration (packages/config declares the variables). */
export const integrationsEnv = readConfig([
  "NODE_ENV",
  "AI_REQUEST_TIMEOUT_MS",
  "AI_STREAM_TIMEOUT_MS",
  "SMTP_TIMEOUT_MS",
  "SMTP_HOST",
  "SMTP_PORT",
  "SMTP_SECURE",
  "SMTP_USERNAME",
  "SMTP_PASSWORD",
  "SMTP_FROM",
  "WHATSAPP_GRAPH_API_URL",
  "TELEGRAM_API_URL",
  "GOOGLE_OAUTH_TOKEN_URL",
  "GOOGLE_SHEETS_API_URL",
  "DNS_SERVERS",
  "ENCRYPTION_SECRET",
  "ENCRYPTION_SECRET_PREVIOUS",
  "OUTBOUND_ALLOWED_HOSTS",
]);
