import type { ChatCredentialLookup } from "@parley/db/queries/chatCredential";
import { readChatSession } from "@parley/db/queries/readChatSession";
import { assertBotAccess, toChatCaller, touchCredential } from "@parley/platform/auth/authorizeChatCaller";
import type { RequestScope } from "@parley/platform/http/handleWebRequest";
import type { RoleAction } from "@parley/schemas/management/access";
import { chatErrors } from "../chatErrors";
import type { ChatRuntime } from "../chatRuntime";
import { enforceRateLimit } from "../limits/chatRateLimits";

/**
 * The session a continueChat / updateBot addresses, read with the caller's
 * credential in one statement, and the checks in the contract's order: token
 * (FORBIDDEN), session (SESSION_NOT_FOUND), access (FORBIDDEN). `action`
 * restricts API-token callers (updateBot writes). The expiry is checked by the
 * caller, after a possible replay.
 */
export async function readSessionForTurn(
  runtime: ChatRuntime,
  input: {
    sessionId: string;
    credential: ChatCredentialLookup;
    recordKey: string | null;
    scope: RequestScope;
    action?: RoleAction;
  },
) {
  const pool = runtime.getPool();
  const read = await readChatSession(pool, input);
  const caller = toChatCaller(input.credential, read.credential);
  touchCredential(pool, input.credential, read.credential, input.scope.logger);
  const session = read.session;
  if (!session) throw chatErrors.sessionNotFound();
  assertBotAccess(caller, session.botId, { allowChatKey: !session.isPreview, action: input.action });
  return { session, caller, record: read.record };
}

export function assertSessionOpen(
  session: { expiresAt: Date | null; isCompleted: boolean; isPreview: boolean },
  now: Date,
) {
  if (session.isCompleted && !session.isPreview) throw chatErrors.sessionNotFound();
  if (session.expiresAt && session.expiresAt.getTime() <= now.getTime()) throw chatErrors.sessionExpired();
}

/**
 * A session that an upload or a stream addresses, open (not ended, not expired): the per-session
 * rate limit, then readSessionForTurn's checks, then the expiry (these requests replay nothing).
 */
export async function readOpenSession(
  runtime: ChatRuntime,
  input: { sessionId: string; credential: ChatCredentialLookup; scope: RequestScope },
) {
  await enforceRateLimit(runtime.limits, "turnsPerSession", input.sessionId, input.scope);
  const { session, caller } = await readSessionForTurn(runtime, { ...input, recordKey: null });
  assertSessionOpen(session, runtime.now());
  return { session, caller };
}
