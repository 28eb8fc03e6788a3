import type { ChatTurnWrites } from "@parley/db/queries/chatTurnWrites";
import { parseSessionState } from "@parley/engine";
import { readChatCredentialOrKeyless } from "@parley/platform/auth/readChatCredential";
import { jsonTextResponse } from "@parley/platform/http/handleWebRequest";
import { readJsonBody } from "@parley/platform/http/readJsonBody";
import { continueChatRequestSchema } from "@parley/schemas";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { assertOriginAllowed } from "../core/http/cors";
import {
  hashChatRequest,
  type IdempotencyKey,
  readIdempotencyKey,
  replayRecord,
} from "../core/http/idempotency";
import { replayStoredRecord } from "../core/http/replayStoredRecord";
import { enforceRateLimit } from "../core/limits/chatRateLimits";
import { loadSessionFlow } from "../core/persistence/loadSessionFlow";
import { assertSessionOpen, readSessionForTurn, toAiAgentReads } from "../core/turns/readSessionForTurn";
import { runContinueTurn } from "../core/turns/runContinueTurn";

/** A turn lost to a concurrent write that stored no response (updateBot) is run again on the new state. */
const MAX_ATTEMPTS = 3;

/** POST /api/v1/sessions/{sessionId}/continueChat: one reply, one turn, one statement writing it. */
export async function continueChat(context: ChatRequestContext<{ sessionId: string }>): Promise<Response> {
  const { runtime } = context;
  const { sessionId } = context.params;
  const credential = readChatCredentialOrKeyless(context.request, runtime);
  const { body, input } = await readContinueChatBody(context, credential);
  const requestHash = hashChatRequest(context.request, body, context.pathname);
  const idempotency = readIdempotencyKey(context.request, body, requestHash);
  await enforceRateLimit(runtime.limits, "turnsPerSession", sessionId, context.scope);
  for (let attempt = 1; ; attempt++) {
    const response = await runTurn(context, { sessionId, credential, input, idempotency, requestHash });
    if (response) return response;
    if (attempt >= MAX_ATTEMPTS) throw new Error(`session ${sessionId} kept changing during the turn`);
  }
}

/**
 * The request's body, parsed. Without Authorization, a body that does not parse is answered as the contract
 * orders, credentials first: UNAUTHORIZED unless the session is one started keyless (Typebot's path), which
 * only then gets the body's BAD_REQUEST. The session is read on that error path only.
 */
async function readContinueChatBody(
  { request, runtime, scope, params }: ChatRequestContext<{ sessionId: string }>,
  credential: ReturnType<typeof readChatCredentialOrKeyless>,
) {
  try {
    const body = (await readJsonBody(request)) ?? {};
    return { body, input: continueChatRequestSchema.parse(body) };
  } catch (error) {
    if (credential.kind === "keyless")
      await readSessionForTurn(runtime, { sessionId: params.sessionId, credential, recordKey: null, scope });
    throw error;
  }
}

async function runTurn(
  { request, scope, runtime, receivedAt }: ChatRequestContext,
  turn: {
    sessionId: string;
    credential: ReturnType<typeof readChatCredentialOrKeyless>;
    input: ReturnType<typeof continueChatRequestSchema.parse>;
    idempotency: IdempotencyKey | null;
    requestHash: string;
  },
): Promise<Response | null> {
  const { session, caller, record, aiAgentRows } = await readSessionForTurn(runtime, {
    sessionId: turn.sessionId,
    credential: turn.credential,
    recordKey: turn.idempotency?.recordKey ?? null,
    scope,
  });
  if (record) return replayRecord(record, turn.idempotency);
  const pool = runtime.getPool();
  if (isRepeatOfPreviousTurn(session, { ...turn, receivedAt, repeatWindowMs: runtime.repeatWindowMs })) {
    const replay = await replayStoredRecord(pool, session.id, `turn:${session.turn - 1}`, null);
    if (replay) return replay;
  }
  assertSessionOpen(session, runtime.now());
  const state = parseSessionState(session.state);
  const { flow, previewSnapshots } = await loadSessionFlow(runtime, session, state);
  assertOriginAllowed(request, caller, flow.settings);

  const turnKey = `turn:${session.turn}`;
  const { responseJson, isCommitted } = await runContinueTurn(runtime, {
    kind: "continue",
    session,
    flow,
    state,
    previewSnapshots,
    input: turn.input,
    // Parsed from the row just read; a retry of the turn reads the session again.
    isStateHandedOver: true,
    aiAgentReads: toAiAgentReads(session, state, aiAgentRows),
    toRecords: (response, createdAt) => {
      const records: ChatTurnWrites["records"] = [
        {
          scope: session.id,
          key: turnKey,
          statusCode: 200,
          response,
          requestHash: turn.requestHash,
          createdAt,
        },
      ];
      if (turn.idempotency) {
        const { recordKey, requestHash } = turn.idempotency;
        records.push({
          scope: session.id,
          key: recordKey,
          statusCode: 200,
          response,
          requestHash,
          createdAt,
        });
      }
      return records;
    },
  });
  if (isCommitted) return jsonTextResponse(responseJson);
  // A concurrent request committed this turn first: both callers see the winner's response.
  return replayStoredRecord(pool, session.id, turnKey, null);
}

/**
 * A request that repeats the previous turn gets that turn's response instead of answering the
 * next input: one received before the previous turn was written (it cannot have seen the input
 * that turn shows), or, without an Idempotency-Key, the same body again within the repeat window
 * (a double submit reaching a busy server late). With Idempotency-Keys, only the keys decide.
 */
function isRepeatOfPreviousTurn(
  session: { previousTurnAt: Date | null; previousTurnRequestHash: string | null },
  request: {
    receivedAt: number;
    requestHash: string;
    idempotency: IdempotencyKey | null;
    repeatWindowMs: number;
  },
): boolean {
  if (!session.previousTurnAt) return false;
  const previousAt = session.previousTurnAt.getTime();
  if (request.receivedAt < previousAt) return true;
  return (
    !request.idempotency &&
    request.requestHash === session.previousTurnRequestHash &&
    request.receivedAt - previousAt < request.repeatWindowMs
  );
}
