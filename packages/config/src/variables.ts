import { Resolver } from "node:dns";
import { z } from "zod";
import { defineVariable, type ProcessRole } from "./defineVariable";
import { parseAllowList } from "./network/allowList";
import { parseTrustedProxies } from "./network/trustedProxies";
import { booleanSchema, countSchema, millisecondsSchema, portSchema, urlSchema } from "./schemaParts";

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Every process that opens the database: the apps, the chat server, the CLI and the launcher. */
const everyProcess: readonly ProcessRole[] = ["builder", "viewer", "chat-server", "cli", "launcher"];
/** The processes that load the platform, the integrations and the chat runtime. */
const servers: readonly ProcessRole[] = ["builder", "viewer", "chat-server", "cli"];
/** The processes that run chat turns (the builder runs preview chats). */
const chatProcesses: readonly ProcessRole[] = ["builder", "viewer", "chat-server"];
/** The management API: the builder and the CLI. */
const managementProcesses: readonly ProcessRole[] = ["builder", "cli"];

/** The longest `settings.messaging.sessionExpiryTimeout` a bot may set, in hours (packages/schemas keeps the same bound). */
export const longestSessionExpiryHours = 720;

/**
 * Every environment variable Parley reads, declared once: its schema (validation and default), its meaning
 * (docs/configuration.md and parley.env.example are generated from it: `npm run docs:config`) and the
 * processes that read it. Packages read their slice with `readConfig([...names])`; adding a variable is
 * one entry here (CONTRIBUTING.md, "Adding a configuration variable").
 */
export const configVariables = {
  // Database and files
  DATABASE_URL: defineVariable({
    schema: urlSchema.optional(),
    section: "Database and files",
    readBy: everyProcess,
    secret: true,
    defaultText: "unset (embedded PostgreSQL)",
    example: "postgresql://parley:secret@db.internal:5432/parley",
    description:
      "PostgreSQL to use (14 or newer). Unset: the embedded server is started (not in production: `NODE_ENV=production` requires it).",
  }),
  DATABASE_POOL_SIZE: defineVariable({
    schema: z.coerce.number().int().min(1).max(200).default(10),
    section: "Database and files",
    readBy: everyProcess,
    description:
      "Connections per app process (the chat runtime keeps a second pool of this size for the locks of messaging conversations, opened on their first message).",
  }),
  DATA_DIR: defineVariable({
    schema: z.string().default(".data"),
    section: "Database and files",
    readBy: everyProcess,
    description:
      "Where the embedded PostgreSQL (`postgres/`), the generated `encryption-secret`, the demo credentials and, without S3, uploaded files (`uploads/`) live.",
  }),
  EMBEDDED_POSTGRES_PORT: defineVariable({
    schema: portSchema.default(54329),
    section: "Database and files",
    readBy: everyProcess,
    description: "Port of the embedded PostgreSQL (listens on 127.0.0.1 only).",
  }),
  ENCRYPTION_SECRET: defineVariable({
    schema: z.string().min(32, "must be at least 32 characters").optional(),
    section: "Database and files",
    readBy: everyProcess,
    secret: true,
    defaultText: "generated (`npm start`)",
    description:
      "Key material (32+ characters) of the credentials store (AES-256-GCM) and of the signatures of messaging channels' payment links (a key of its own derived with HKDF). Required in production (the builder and the viewer refuse to start with `NODE_ENV=production` without it); `npm start` generates one into `DATA_DIR/encryption-secret` on the first start and reuses it. Keep it with the database: without it stored credentials cannot be read.",
  }),

  ENCRYPTION_SECRET_PREVIOUS: defineVariable({
    schema: z.string().min(32, "must be at least 32 characters").optional(),
    section: "Database and files",
    readBy: everyProcess,
    secret: true,
    description:
      'The secret `ENCRYPTION_SECRET` replaces, during a rotation only: values it encrypted stay readable until `parley secrets rotate` re-encrypts them under `ENCRYPTION_SECRET` (docs/deploy.md, "Rotating ENCRYPTION_SECRET"). Remove it once the rotation is done.',
  }),

  // Processes and public URLs
  NODE_ENV: defineVariable({
    schema: z.enum(["development", "production", "test"]).default("development"),
    section: "Processes and public URLs",
    readBy: everyProcess,
    description:
      "`production`: no embedded PostgreSQL, no generated secret, no demo account, no migrations on start; `DATABASE_URL` and `ENCRYPTION_SECRET` are required. The image sets it.",
  }),
  BUILDER_PORT: defineVariable({
    schema: portSchema.default(3000),
    section: "Processes and public URLs",
    readBy: everyProcess,
    description: "Port of the builder (editor, REST API, `{base_url}`).",
  }),
  VIEWER_PORT: defineVariable({
    schema: portSchema.default(3001),
    section: "Processes and public URLs",
    readBy: everyProcess,
    description: "Port of the viewer (share pages, chat API, `{chat_url}`).",
  }),
  CHAT_SERVER_PORT: defineVariable({
    schema: portSchema.default(3002),
    section: "Processes and public URLs",
    readBy: ["chat-server", "launcher"],
    description: "Port of `npm run chat-server` (the chat endpoints on bare node:http).",
  }),
  HOST: defineVariable({
    schema: z.string().optional(),
    section: "Processes and public URLs",
    readBy: ["chat-server", "launcher"],
    defaultText: "all interfaces",
    description: "Interface the apps and the chat server listen on.",
  }),
  BUILDER_URL: defineVariable({
    schema: urlSchema.optional(),
    section: "Processes and public URLs",
    readBy: everyProcess,
    defaultText: "`http://localhost:$BUILDER_PORT`",
    example: "https://app.example.com",
    description:
      "Public URL of the builder (links, invoices, the preview's upload URLs). Writes with the sign-in cookie are taken from pages of this origin or of the request's own host, refused from any other (docs/api.md, \"Cross-site requests\").",
  }),
  VIEWER_URL: defineVariable({
    schema: urlSchema.optional(),
    section: "Processes and public URLs",
    readBy: everyProcess,
    defaultText: "`http://localhost:$VIEWER_PORT`",
    example: "https://chat.example.com",
    description:
      "Public URL of the viewer (share links, embed code, `{chat_url}`, messaging channels' webhooks).",
  }),
  LOG_LEVEL: defineVariable({
    schema: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    section: "Processes and public URLs",
    readBy: servers,
    description:
      "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. Logs are JSON lines with a `requestId`.",
  }),
  METRICS_TOKEN: defineVariable({
    schema: z.string().min(16, "must be at least 16 characters").optional(),
    section: "Processes and public URLs",
    readBy: servers,
    secret: true,
    description:
      'The bearer token a Prometheus scrape sends to read `GET /metrics` on each process\'s own port (docs/deploy.md, "Observability"). Unset: `/metrics` is not served at all.',
  }),
  PARLEY_PROCESS_ROLE: defineVariable({
    schema: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,31}$/, "must be a short lowercase name")
      .optional(),
    section: "Processes and public URLs",
    readBy: everyProcess,
    defaultText: "the entry script's name",
    description:
      "The process role on log lines and metrics (`builder`, `viewer`, `chat-server`, `cli`…). Set by each entry point; operators rarely set it.",
  }),
  TRUSTED_PROXIES: defineVariable({
    schema: z
      .string()
      .default("loopback")
      .transform((value, context) => {
        try {
          return parseTrustedProxies(value);
        } catch (error) {
          context.addIssue({ code: "custom", message: errorText(error) });
          return z.NEVER;
        }
      }),
    section: "Processes and public URLs",
    readBy: servers,
    defaultText: "`loopback`",
    description:
      "Comma-separated addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`: the reverse proxies whose `X-Forwarded-For` the builder, the viewer and the chat server believe when they take a client's address (for the rate limits); from any other peer the header is ignored. Empty: trust none. An invalid entry stops the start with an error.",
  }),
  REDIS_URL: defineVariable({
    schema: z
      .string()
      .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
      .optional(),
    section: "Processes and public URLs",
    readBy: servers,
    secret: true,
    description:
      "Redis (`redis://…`, `rediss://…`) that counts the rate limits of every process; unset: they are counted in PostgreSQL (the `RateLimit` table). While Redis is unreachable each process counts on its own.",
  }),

  // Accounts and sign-in
  ALLOW_SIGNUP: defineVariable({
    schema: booleanSchema.default(true),
    section: "Accounts and sign-in",
    readBy: managementProcesses,
    description: "Whether anyone may create an account (the first user always can).",
  }),
  SESSION_TTL_DAYS: defineVariable({
    schema: z.coerce.number().positive().default(30),
    section: "Accounts and sign-in",
    readBy: servers,
    description: "Lifetime of a builder sign-in, in days.",
  }),
  SIGN_IN_RATE_LIMIT_PER_ACCOUNT: defineVariable({
    schema: countSchema.default(10),
    section: "Accounts and sign-in",
    readBy: servers,
    description:
      "Failed sign-ins (and wrong current passwords when changing it or deleting the account) per e-mail address in a window; then every sign-in of that address is refused, with the wait, until the window ends. Counted whether or not an account has the address; a successful sign-in clears it. `0` = no limit.",
  }),
  SIGN_IN_RATE_LIMIT_PER_IP: defineVariable({
    schema: countSchema.default(50),
    section: "Accounts and sign-in",
    readBy: servers,
    description:
      "Failed sign-ins per client address (see `TRUSTED_PROXIES`; an IPv6 client by its /64), whichever accounts they tried; then that address is refused until the window ends. `0` = no limit.",
  }),
  TWO_FACTOR_RATE_LIMIT_PER_ACCOUNT: defineVariable({
    schema: countSchema.default(5),
    section: "Accounts and sign-in",
    readBy: servers,
    description:
      "Wrong second-factor codes (authenticator or recovery codes, at sign-in or when turning two-factor sign-in off) per account in a window of `SIGN_IN_RATE_LIMIT_WINDOW_MINUTES`; then every code of that account is refused, with the wait, until the window ends. A right password does not clear it; a right code does. `0` = no limit.",
  }),
  SIGN_IN_RATE_LIMIT_WINDOW_MINUTES: defineVariable({
    schema: z.coerce.number().int().positive().max(1440).default(15),
    section: "Accounts and sign-in",
    readBy: servers,
    description:
      "The window of both sign-in limits, in minutes (shared by every process, like the chat limits).",
  }),
  // Single sign-on (docs/deploy.md, "Signing in"): a provider is offered once its client id is set.
  OIDC_ISSUER: defineVariable({
    schema: urlSchema.optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    example: "https://login.example.com/realms/acme",
    description:
      "Any OpenID Connect provider, by its issuer URL (its `/.well-known/openid-configuration` is read at the first sign-in). Register the redirect URI `BUILDER_URL/api/auth/sso/oidc/callback`. Needs `OIDC_CLIENT_ID` and `OIDC_CLIENT_SECRET`.",
  }),
  OIDC_CLIENT_ID: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    description: "The client id Parley has at `OIDC_ISSUER`.",
  }),
  OIDC_CLIENT_SECRET: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    secret: true,
    description: "The client secret of `OIDC_CLIENT_ID`.",
  }),
  OIDC_NAME: defineVariable({
    schema: z.string().min(1).max(60).default("Single sign-on"),
    section: "Single sign-on",
    readBy: ["builder"],
    description: 'The name of `OIDC_ISSUER`\'s button on the sign-in page ("Sign in with …").',
  }),
  OIDC_SCOPE: defineVariable({
    schema: z.string().min(1).default("openid email profile"),
    section: "Single sign-on",
    readBy: ["builder"],
    description: "The scopes asked of `OIDC_ISSUER` (`openid` and `email` are needed).",
  }),
  GOOGLE_AUTH_CLIENT_ID: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    description:
      "Sign in with Google: an OAuth client of Google Cloud (type Web application) whose redirect URI is `BUILDER_URL/api/auth/sso/google/callback`.",
  }),
  GOOGLE_AUTH_CLIENT_SECRET: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    secret: true,
    description: "The client secret of `GOOGLE_AUTH_CLIENT_ID`.",
  }),
  AZURE_AD_CLIENT_ID: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    description:
      "Sign in with Microsoft Entra ID (Azure AD): an app registration whose redirect URI (Web) is `BUILDER_URL/api/auth/sso/microsoft/callback`, with the optional ID token claims `email` and `xms_edov` (Entra says an address is verified only through `xms_edov`). Needs `AZURE_AD_TENANT_ID`.",
  }),
  AZURE_AD_CLIENT_SECRET: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    secret: true,
    description: "The client secret of `AZURE_AD_CLIENT_ID`.",
  }),
  AZURE_AD_TENANT_ID: defineVariable({
    schema: z
      .string()
      .regex(/^[A-Za-z0-9.-]+$/, "must be a tenant id or domain")
      .optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    description:
      "The Entra tenant (its id or primary domain) whose people sign in: the issuer is `https://login.microsoftonline.com/<tenant>/v2.0`.",
  }),
  GITLAB_CLIENT_ID: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    description:
      "Sign in with GitLab (OpenID Connect): an application with the scopes `openid`, `email` and `profile` whose redirect URI is `BUILDER_URL/api/auth/sso/gitlab/callback`.",
  }),
  GITLAB_CLIENT_SECRET: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    secret: true,
    description: "The client secret of `GITLAB_CLIENT_ID`.",
  }),
  GITLAB_BASE_URL: defineVariable({
    schema: urlSchema.default("https://gitlab.com"),
    section: "Single sign-on",
    readBy: ["builder"],
    description: "The GitLab instance (its issuer), for a self-managed GitLab.",
  }),
  KEYCLOAK_CLIENT_ID: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    description:
      "Sign in with Keycloak: a confidential OpenID Connect client of `KEYCLOAK_REALM` whose valid redirect URI is `BUILDER_URL/api/auth/sso/keycloak/callback`. Needs `KEYCLOAK_BASE_URL` and `KEYCLOAK_REALM`.",
  }),
  KEYCLOAK_CLIENT_SECRET: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    secret: true,
    description: "The client secret of `KEYCLOAK_CLIENT_ID`.",
  }),
  KEYCLOAK_BASE_URL: defineVariable({
    schema: urlSchema.optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    example: "https://keycloak.example.com",
    description: "The Keycloak server (the issuer is `<KEYCLOAK_BASE_URL>/realms/<KEYCLOAK_REALM>`).",
  }),
  KEYCLOAK_REALM: defineVariable({
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+$/, "must be a realm name")
      .optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    description: "The Keycloak realm whose people sign in.",
  }),
  GITHUB_CLIENT_ID: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    description:
      "Sign in with GitHub (OAuth 2, not OpenID Connect: the address is the account's primary verified e-mail from its e-mails API): an OAuth app whose callback URL is `BUILDER_URL/api/auth/sso/github/callback`.",
  }),
  GITHUB_CLIENT_SECRET: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Single sign-on",
    readBy: ["builder"],
    secret: true,
    description: "The client secret of `GITHUB_CLIENT_ID`.",
  }),
  GITHUB_URL: defineVariable({
    schema: urlSchema.default("https://github.com"),
    section: "Single sign-on",
    readBy: ["builder"],
    description: "GitHub's web address (its `/login/oauth/…` endpoints), for GitHub Enterprise Server.",
  }),
  GITHUB_API_URL: defineVariable({
    schema: urlSchema.default("https://api.github.com"),
    section: "Single sign-on",
    readBy: ["builder"],
    description:
      "GitHub's REST API (`/user`, `/user/emails`), for GitHub Enterprise Server (`https://<host>/api/v3`).",
  }),
  ADMIN_EMAILS: defineVariable({
    schema: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter((email) => email !== ""),
      )
      .pipe(z.array(z.email({ message: "must be comma-separated e-mail addresses" }))),
    section: "Accounts and sign-in",
    readBy: managementProcesses,
    defaultText: "empty (no operator)",
    example: "ops@example.com,oncall@example.com",
    description:
      "Comma-separated e-mail addresses of the instance's operators. Signed in with one of them (or with an API token of that account), a user gets the builder's admin area (`/admin`) and the REST under `/api/v1/admin/…`: every workspace with its usage, plan and limits; suspend, verify, risk holds; plan changes. Only operators (and the CLI) change a workspace's plan or `chatsHardLimit`; a workspace ADMIN cannot. See docs/api.md, \"Instance administration\".",
  }),
  DEFAULT_WORKSPACE_PLAN: defineVariable({
    schema: z.enum(["FREE", "STARTER", "PRO", "ENTERPRISE"]).default("FREE"),
    section: "Accounts and sign-in",
    readBy: managementProcesses,
    description:
      "The plan of every new workspace (the first user's, the builder's and `POST /api/v1/workspaces`). A self-hosted install without billing usually sets `ENTERPRISE` (no chat limit).",
  }),
  DEFAULT_WORKSPACE_CHATS_HARD_LIMIT: defineVariable({
    schema: countSchema.optional(),
    section: "Accounts and sign-in",
    readBy: managementProcesses,
    defaultText: "unset (the plan's own limit)",
    description:
      "The `chatsHardLimit` of every new workspace: chats per billing period after which startChat is refused. Unset: the plan's default limit applies (FREE 200, STARTER 20000, PRO 100000, ENTERPRISE none).",
  }),
  AUDIT_LOG_RETENTION_DAYS: defineVariable({
    schema: z.coerce.number().int().positive().max(36500).default(365),
    section: "Accounts and sign-in",
    readBy: managementProcesses,
    description:
      "Audit log entries older than this many days are deleted by the hourly data retention job (once per cluster). See docs/audit-log.md.",
  }),
  INACTIVE_WORKSPACE_EMAIL_DAYS: defineVariable({
    schema: countSchema.default(0),
    section: "Accounts and sign-in",
    readBy: managementProcesses,
    defaultText: "`0` (off)",
    description:
      'E-mail the ADMINs of a workspace without activity (chats, edits) for this many days, once, then a reminder (below); the dates are the workspace\'s `inactiveFirstEmailSentAt` / `inactiveSecondEmailSentAt`. Hourly, once per cluster; needs `SMTP_HOST`. Nothing is deleted. See docs/api.md, "Workspaces".',
  }),
  INACTIVE_WORKSPACE_SECOND_EMAIL_DAYS: defineVariable({
    schema: z.coerce.number().int().positive().default(7),
    section: "Accounts and sign-in",
    readBy: managementProcesses,
    description: "Days after the first inactivity e-mail when the reminder goes, if still no activity.",
  }),
  PUBLISH_RISK_THRESHOLD: defineVariable({
    schema: countSchema.default(100),
    section: "Accounts and sign-in",
    readBy: servers,
    description:
      'A bot whose `riskLevel` (0–100, computed when publishing from trademark and phishing signals) reaches this is published but held: its share page and startChat answer as closed, with a log line, until an administrator runs `bot clear-risk` or `workspace verify`. Above 100 nothing is held. See docs/api.md, "Publishing and versions".',
  }),

  // Chat runtime
  CHAT_TURN_TIMEOUT_MS: defineVariable({
    schema: millisecondsSchema.default(30_000),
    section: "Chat runtime",
    readBy: chatProcesses,
    description:
      "Time budget of one chat turn; past it the turn fails (`TURN_TIMEOUT`), its HTTP requests are aborted and the session stays as it was.",
  }),
  CHAT_REPEAT_WINDOW_MS: defineVariable({
    schema: countSchema.default(2_000),
    section: "Chat runtime",
    readBy: chatProcesses,
    description:
      "A continueChat without `Idempotency-Key` whose body equals the previous turn's, arriving within this window, is a double submit and gets the previous response; `0` = off.",
  }),
  CHAT_SESSION_IDLE_HOURS: defineVariable({
    schema: z.coerce.number().positive().max(longestSessionExpiryHours).default(72),
    section: "Chat runtime",
    readBy: chatProcesses,
    description:
      "The default of `settings.messaging.sessionExpiryTimeout`: chat sessions (web and messaging) of bots that set none expire after this long without a turn. The builder shows it in an unset field; the API answers `null` for it. At most 720.",
  }),
  CHAT_SESSION_GRACE_HOURS: defineVariable({
    schema: z.coerce.number().min(0).default(24),
    section: "Chat runtime",
    readBy: chatProcesses,
    description: "Expired sessions answer `SESSION_EXPIRED` this long before the cleanup deletes them.",
  }),
  CHAT_CLEANUP_INTERVAL_SECONDS: defineVariable({
    schema: countSchema.default(300),
    section: "Chat runtime",
    readBy: chatProcesses,
    description:
      "How often expired sessions, old replay records and the messaging send pacing's due `ChannelSendPace` rows are deleted (batches of 1,000): every viewer / chat-server process ticks, one of them runs each tick (advisory lock); `0` = never.",
  }),
  CHAT_FLOW_CACHE_ENTRIES: defineVariable({
    schema: z.coerce.number().int().positive().default(500),
    section: "Chat runtime",
    readBy: chatProcesses,
    description: "Published bot versions kept in memory per process (immutable, LRU).",
  }),
  CHAT_FLOW_CACHE_MB: defineVariable({
    schema: z.coerce.number().positive().default(256),
    section: "Chat runtime",
    readBy: chatProcesses,
    description:
      "…and at most this many megabytes of their JSON (the most recent one is kept whatever its size).",
  }),
  AI_REQUEST_TIMEOUT_MS: defineVariable({
    schema: millisecondsSchema.default(25_000),
    section: "Chat runtime",
    readBy: chatProcesses,
    description:
      "Time an AI block waits for its provider inside a chat turn (it also stops a second before the turn's own budget).",
  }),
  AI_STREAM_TIMEOUT_MS: defineVariable({
    schema: millisecondsSchema.default(120_000),
    section: "Chat runtime",
    readBy: chatProcesses,
    description: "Longest streamed AI answer.",
  }),

  // Rate limits
  CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE: defineVariable({
    schema: countSchema.default(60),
    section: "Rate limits",
    readBy: chatProcesses,
    description:
      'startChat (and preview startChat) by browsers (chat key, sign-in cookie) per client address (see `TRUSTED_PROXIES`; an IPv6 client by its /64); API tokens are not limited by address; `0` = no limit. Like every rate limit, shared by all the processes of the install and counted in windows of ten seconds (docs/chat-runtime.md, "Limits").',
  }),
  CHAT_RATE_LIMIT_START_PER_KEY_PER_MINUTE: defineVariable({
    schema: countSchema.default(6_000),
    section: "Rate limits",
    readBy: chatProcesses,
    description:
      "startChat per chat key or API token (the one limit of an API token: a customer's backend starts chats for its users from one address); `0` = no limit.",
  }),
  CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE: defineVariable({
    schema: countSchema.default(120),
    section: "Rate limits",
    readBy: chatProcesses,
    description:
      "continueChat, updateBot and uploads per session, and the builder's AI agent test runs per user and bot; `0` = no limit.",
  }),

  // Uploaded files
  CHAT_UPLOAD_MAX_MB: defineVariable({
    schema: z.coerce.number().positive().default(10),
    section: "Uploaded files",
    readBy: chatProcesses,
    description: "Largest file a chat upload accepts when the block sets no smaller limit, in megabytes.",
  }),
  S3_ENDPOINT: defineVariable({
    schema: urlSchema.optional(),
    section: "Uploaded files",
    readBy: servers,
    example: "https://s3.eu-west-1.amazonaws.com",
    description:
      "S3-compatible storage of uploaded files (with `S3_BUCKET`, `S3_ACCESS_KEY` and `S3_SECRET_KEY` all set, files go there, uploaded with pre-signed PUTs); unset: `DATA_DIR/uploads` on local disk, written by the process that receives the upload (a chat server behind the proxy) and served by the viewer, so every process must share it (compose.yaml mounts one volume at `/data` in all of them: docs/deploy.md).",
  }),
  S3_BUCKET: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Uploaded files",
    readBy: servers,
    example: "parley-files",
    description: "The bucket of uploaded files (see `S3_ENDPOINT`).",
  }),
  S3_ACCESS_KEY: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Uploaded files",
    readBy: servers,
    secret: true,
    description: "Access key of the bucket (see `S3_ENDPOINT`).",
  }),
  S3_SECRET_KEY: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Uploaded files",
    readBy: servers,
    secret: true,
    description: "Secret key of the bucket (see `S3_ENDPOINT`).",
  }),
  S3_REGION: defineVariable({
    schema: z.string().min(1).default("us-east-1"),
    section: "Uploaded files",
    readBy: servers,
    description: "Region used to sign S3 requests.",
  }),
  S3_PUBLIC_URL: defineVariable({
    schema: urlSchema.optional(),
    section: "Uploaded files",
    readBy: servers,
    defaultText: "`<S3_ENDPOINT>/<S3_BUCKET>`",
    example: "https://files.example.com",
    description: "Public base URL of the bucket's objects (a CDN, a virtual-hosted URL).",
  }),

  // Result webhooks
  WEBHOOK_POLL_INTERVAL_MS: defineVariable({
    schema: countSchema.default(1_000),
    section: "Result webhooks",
    readBy: chatProcesses,
    description:
      "How often each viewer / chat-server process turns recorded result events into webhook deliveries (`webhook.deliver` jobs, docs/integrations.md); `0` = this process neither does that nor runs those jobs (another one must).",
  }),
  WEBHOOK_TIMEOUT_MS: defineVariable({
    schema: millisecondsSchema.max(120_000).default(10_000),
    section: "Result webhooks",
    readBy: chatProcesses,
    description: "A result webhook delivery not answered within this long is retried (at most 120000).",
  }),
  WEBHOOK_RETRY_HOURS: defineVariable({
    schema: z.coerce.number().positive().default(24),
    section: "Result webhooks",
    readBy: chatProcesses,
    description:
      "Failed result webhook deliveries are retried by the job queue (exponential backoff from 30 s, doubling, with jitter) for this long, then marked failed.",
  }),

  // Outbound requests and integrations
  OUTBOUND_ALLOWED_HOSTS: defineVariable({
    schema: z
      .string()
      .default("")
      .transform((value, context) => {
        try {
          return parseAllowList(value.split(","));
        } catch (error) {
          context.addIssue({ code: "custom", message: errorText(error) });
          return z.NEVER;
        }
      }),
    section: "Outbound requests and integrations",
    readBy: servers,
    defaultText: "empty",
    description:
      "Comma-separated host names (`api.internal`, `*.corp.example` for sub-domains), IP addresses and CIDR ranges (`10.20.0.0/16`) that server-side requests (HTTP request block, result webhooks, `fetch` in server code, AI providers' base URLs, authors' SMTP hosts, e-mail attachments and recordings from other servers) may reach although they are private. Everything else that is loopback, private, link-local, shared (100.64/10), reserved, multicast or a cloud metadata address is refused, after DNS resolution and on every redirect. Metadata addresses open only when named exactly; `0.0.0.0`, `::`, multicast and broadcast never open. An invalid entry stops the start with an error.",
  }),
  DNS_SERVERS: defineVariable({
    schema: z
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
          context.addIssue({ code: "custom", message: errorText(error) });
          return z.NEVER;
        }
        return servers;
      }),
    section: "Outbound requests and integrations",
    readBy: servers,
    defaultText: "system resolvers",
    description:
      'Comma-separated DNS servers (`1.1.1.1`, `127.0.0.1:5353`, `[::1]:53`) asked for the TXT records that verify custom domains (docs/api.md, "Custom domains"). An invalid entry stops the start with an error.',
  }),
  GOOGLE_OAUTH_TOKEN_URL: defineVariable({
    schema: urlSchema.default("https://oauth2.googleapis.com/token"),
    section: "Outbound requests and integrations",
    readBy: servers,
    description:
      "Google's OAuth 2.0 token endpoint, where Google Sheets blocks exchange their service account's signed assertion, and Gmail blocks their refresh token, for an access token. Operator configuration: not subject to the outbound rules.",
  }),
  GOOGLE_SHEETS_API_URL: defineVariable({
    schema: urlSchema.default("https://sheets.googleapis.com/v4"),
    section: "Outbound requests and integrations",
    readBy: servers,
    description:
      "Google Sheets API base URL (up to the version segment). Operator configuration: not subject to the outbound rules.",
  }),
  GMAIL_API_URL: defineVariable({
    schema: urlSchema.default("https://gmail.googleapis.com"),
    section: "Outbound requests and integrations",
    readBy: servers,
    description:
      "Gmail API origin (Gmail blocks send through `{GMAIL_API_URL}/gmail/v1/users/me/messages/send`). Operator configuration: not subject to the outbound rules.",
  }),

  // E-mail
  SMTP_HOST: defineVariable({
    schema: z.string().min(1).optional(),
    section: "E-mail",
    readBy: servers,
    example: "smtp.example.com",
    description:
      'The platform\'s own SMTP server, used by e-mail blocks left on "default" credentials and by the platform\'s own e-mails (password reset links, inactivity reminders). Without it, "Forgot password?" says the install cannot send e-mail and `npm run cli -- user reset-password` is the way back in. As operator configuration it is not subject to the outbound rules; SMTP hosts entered by authors are.',
  }),
  SMTP_PORT: defineVariable({
    schema: portSchema.default(587),
    section: "E-mail",
    readBy: servers,
    description: "Port of `SMTP_HOST`.",
  }),
  SMTP_SECURE: defineVariable({
    schema: booleanSchema.default(false),
    section: "E-mail",
    readBy: servers,
    description: "`true`: TLS from the start (port 465); `false`: STARTTLS when the server offers it.",
  }),
  SMTP_USERNAME: defineVariable({
    schema: z.string().optional(),
    section: "E-mail",
    readBy: servers,
    description: "User name of the SMTP account.",
  }),
  SMTP_PASSWORD: defineVariable({
    schema: z.string().optional(),
    section: "E-mail",
    readBy: servers,
    secret: true,
    description: "Password of the SMTP account.",
  }),
  SMTP_FROM: defineVariable({
    schema: z.string().default("Parley <notifications@parley.local>"),
    section: "E-mail",
    readBy: servers,
    description: "Sender of platform e-mails: an address, or `Name <address>`.",
  }),
  SMTP_TIMEOUT_MS: defineVariable({
    schema: millisecondsSchema.default(15_000),
    section: "E-mail",
    readBy: servers,
    description: "Connection, greeting and command timeout of the e-mail block.",
  }),

  // Payments
  STRIPE_SECRET_KEY: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Payments",
    readBy: servers,
    secret: true,
    description:
      'Stripe secret key of the bots\' payment inputs (end users pay through Stripe). Unset: a payment input shows a configuration error in the logs. Plans are not charged through Stripe: billing is a ledger of monthly invoices (docs/api.md, "Billing").',
  }),
  STRIPE_PUBLIC_KEY: defineVariable({
    schema: z.string().min(1).optional(),
    section: "Payments",
    readBy: servers,
    description: "Stripe publishable key of the payment inputs (given to the widget).",
  }),
  STRIPE_API_URL: defineVariable({
    schema: urlSchema.default("https://api.stripe.com"),
    section: "Payments",
    readBy: servers,
    description:
      "Stripe REST API base URL: payment inputs' PaymentIntents are created and (for messaging channels' pay links) checked there. Operator configuration: not subject to the outbound rules.",
  }),

  // Messaging channels
  WHATSAPP_GRAPH_API_URL: defineVariable({
    schema: urlSchema.default("https://graph.facebook.com/v21.0"),
    section: "Messaging channels",
    readBy: servers,
    description:
      "WhatsApp Cloud API base URL (up to the version segment) that replies are sent to. Operator configuration: not subject to the outbound rules.",
  }),
  WHATSAPP_MESSAGES_PER_SECOND: defineVariable({
    schema: z.coerce.number().int().positive().default(80),
    section: "Messaging channels",
    readBy: chatProcesses,
    description:
      "Messages a second each WhatsApp business phone number sends, all processes together (Meta's default throughput; raise it when Meta raised the number's).",
  }),
  CHANNEL_SEND_RECOVERY_SECONDS: defineVariable({
    schema: z.coerce.number().int().min(1).max(3600).default(30),
    section: "Messaging channels",
    readBy: chatProcesses,
    description:
      "Seconds before another process sends the messaging replies (WhatsApp, Telegram) that the process which ran the turn did not (it died, or the platform refused them): their `channel.deliver` job on the job queue waits this long.",
  }),
  TELEGRAM_API_URL: defineVariable({
    schema: urlSchema.default("https://api.telegram.org"),
    section: "Messaging channels",
    readBy: servers,
    description:
      "Telegram Bot API base URL (or a self-hosted Bot API server). Operator configuration: not subject to the outbound rules.",
  }),
};

export type ConfigVariables = typeof configVariables;
export type ConfigName = keyof ConfigVariables;
/** The value of each named variable once read: the schema's output, default applied. */
export type ConfigValues<Name extends ConfigName> = { [K in Name]: z.output<ConfigVariables[K]["schema"]> };
