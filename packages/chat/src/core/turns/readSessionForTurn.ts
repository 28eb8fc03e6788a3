import type { ChatCredentialLookup } from "@parley/db/queries/chatCredential";
import { type AiAgentReadRows, readChatSession } from "@parley/db/queries/readChatSession";
import type { SessionState } from "@parley/engine";
import type { AiAgentReads } from "@parley/integrations/ai/aiBlockContext";
import { assertBotAccess, toChatCaller, touchCredential } from "@parley/platform/auth/authorizeChatCaller";
import { unauthorized } from "@parley/platform/errors";
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
  touchCredential(pool, input.credential, read.credential, input.scope);
  const session = read.session;
  if (caller.kind === "keyless") {
    // No Authorization: only a session started keyless on Typebot's path (its id is the credential), while its
    // workspace still serves Typebot's API; any other, or none, is UNAUTHORIZED as without keyless sessions.
    if (!session?.isKeyless || input.action) throw unauthorized();
    return { session, caller, record: read.record, aiAgentRows: read.aiAgent };
  }
  if (!session) throw chatErrors.sessionNotFound();
  assertBotAccess(caller, session.botId, { allowChatKey: !session.isPreview, action: input.action });
  return { session, caller, record: read.record, aiAgentRows: read.aiAgent };
}

/**
 * What the read statement read for the AI agent the session waits on, with the ids its state named (`state`:
 * the session's, parsed, before the turn changes it); undefined when it named none.
 */
export function toAiAgentReads(
  session: { workspaceId: string },
  state: SessionState,
  rows: AiAgentReadRows | null,
): AiAgentReads | undefined {
  const reads = state.aiAgentDialogue?.reads;
  if (!reads || !rows) return undefined;
  return {
    workspaceId: session.workspaceId,
    credentialsId: reads.credentialsId,
    credentials: rows.credentials,
    knowledgeBaseIds: reads.knowledgeBaseIds,
    knowledgeBases: rows.knowledgeBases,
  };
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
  const { session, caller, aiAgentRows } = await readSessionForTurn(runtime, { ...input, recordKey: null });
  assertSessionOpen(session, runtime.now());
  return { session, caller, aiAgentRows };
}
