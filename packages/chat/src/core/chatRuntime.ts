import type { Pool } from "@parley/db";
import type { PaymentIntentRequest, PaymentIntentResult } from "@parley/engine";
import type { UploadSettings } from "@parley/integrations/files/createUploadStorage";
import type { ActivityThrottle } from "@parley/platform/activity/createActivityThrottle";
import type { FlowStore } from "./flows/createFlowStore";
import type { ChatRateLimits } from "./limits/chatRateLimits";
import type { PortServices } from "./ports/createPortServices";

/**
 * The link a messaging channel's payment input is paid through: the created intent, given the session
 * it belongs to, with the URL of the pay page. The channels feature provides it (createChatRuntime.ts).
 */
export type LinkPayment = (
  runtime: ChatRuntime,
  session: { sessionId: string; expiresAt: Date },
  request: PaymentIntentRequest,
  created: Extract<PaymentIntentResult, { ok: true }>,
) => PaymentIntentResult;

/**
 * What every chat handler of one process shares: pool, caches, rate limits, settings. A feature that
 * needs more adds its own slice (channels/channelsRuntime.ts, listen-webhook/webhookListenRuntime.ts);
 * createChatRuntime.ts assembles the core and every slice.
 */
export interface ChatRuntime {
  getPool: () => Pool;
  flows: FlowStore;
  /** Rate limits shared by every process (PostgreSQL, or Redis with REDIS_URL). */
  limits: ChatRateLimits;
  turnTimeoutMs: number;
  /** Without an Idempotency-Key, the previous turn's body sent again within this window is a repeat. */
  repeatWindowMs: number;
  /** Sessions without a sessionExpiryTimeout expire after this long without a turn. */
  sessionIdleMs: number;
  /** The builder mounts the handlers for its preview: its sign-in cookie authenticates there. */
  allowSessionCookie: boolean;
  /** Side effects of the engine's ports (HTTP, sandbox, payments). */
  services: PortServices;
  /** Storage and limits of uploaded files. */
  uploads: UploadSettings;
  /** A payment input's link on a messaging channel's session (see LinkPayment). */
  linkPayment: LinkPayment;
  now: () => Date;
  /** Which `lastActivityAt` a turn moves (workspace, published bot: at most once a minute each). */
  activity: ActivityThrottle;
}
