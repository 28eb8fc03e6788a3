import { Resolver } from "node:dns";
import { z } from "zod";
import { errorMessageOf } from "./caughtError";
import { parseAllowList } from "./outbound/allowList";

const milliseconds = z.coerce.number().int().positive();
const booleanFromString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const integrationsEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
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
  /** WhatsApp Cloud API (Meta's Graph API) up to its version segment; operator-set, so not subject to the outbound rules. */
  WHATSAPP_GRAPH_API_URL: z.string().url().default("https://graph.facebook.com/v21.0"),
  /** Telegram Bot API base URL (a self-hosted Bot API server may replace it); operator-set like the above. */
  TELEGRAM_API_URL: z.string().url().default("https://api.telegram.org"),
  /** Google's OAuth 2.0 token endpoint (service-account JWT bearer grant); operator-set like the above. */
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  /** Google Sheets API up to its version segment; operator-set like the above. */
  GOOGLE_SHEETS_API_URL: z.string().url().default("https://sheets.googleapis.com/v4"),
  /**
   * DNS servers asked for the TXT records that verify custom domains: comma-separated `host` or
   * `host:port` (`[::1]:53` for IPv6). Empty: the system's resolvers.
   */
  DNS_SERVERS: z
    .string()
    .default("")
    .transform((value, context) => {
      const servers = value
        .split(",")
        .map((server) => server.trim())
        .filter(Boolean);
      try {
        new Resolver().setServers(servers);
      } catch (error) {
        context.addIssue({ code: "custom", message: `DNS_SERVERS: ${errorMessageOf(error)}` });
        return z.NEVER;
      }
      return servers;
    }),
  /**
   * Key material of the credentials store (AES-256-GCM), at least 32 characters. Required outside tests;
   * `npm start` generates one into DATA_DIR/encryption-secret on the first start.
   */
  ENCRYPTION_SECRET: z
    .string()
    .min(32, "ENCRYPTION_SECRET must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * The secret ENCRYPTION_SECRET replaces, during a rotation only: values it encrypted stay readable until
   * `parley secrets rotate` re-encrypts them under ENCRYPTION_SECRET (docs/deploy.md, "Rotating ENCRYPTION_SECRET").
   */
  ENCRYPTION_SECRET_PREVIOUS: z
    .string()
    .min(32, "ENCRYPTION_SECRET_PREVIOUS must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
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
        context.addIssue({ code: "custom", message: errorMessageOf(error) });
        return z.NEVER;
      }
    }),
});

// biome-ignore lint/style/noProcessEnv: this module is where the integrations read their environment
export const integrationsEnv = integrationsEnvSchema.parse(process.env);
