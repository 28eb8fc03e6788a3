import type { ChatTurnWrites } from "@parley/db/queries/chatTurnWrites";
import { commitChatTurn } from "@parley/db/queries/commitChatTurn";
import {
  continueChat as continueEngineChat,
  type FlowSnapshot,
  type HandoffEvent,
  type SessionState,
} from "@parley/engine";
import type { AiAgentReads } from "@parley/integrations/ai/aiBlockContext";
import { type ChatTurnKind, countChatTurn } from "@parley/platform/metrics";
import type { ContinueChatRequest } from "@parley/schemas";
import type { ChatRuntime } from "../chatRuntime";
import { getSessionExpiry, toTurnWrites } from "../persistence/toTurnWrites";
import { toWireTurnResponse } from "../responses/toWireTurnResponse";
import { toTypebotTurnResponse } from "../typebotProtocol";
import { runEngineTurn } from "./runEngineTurn";

export interface TurnSession {
  id: string;
  workspaceId: string;
  isPreview: boolean;
  turn: number;
  /** Started on Typebot's paths: its responses take Typebot's shape (core/typebotProtocol.ts). */
  isTypebotClient?: boolean;
}

/**
 * One reply to a waiting session: the engine's turn within the budget, then the single statement
 * that writes it if the session's turn is still `session.turn`. continueChat and the messaging
 * channels both run turns through it. `isCommitted` false: a concurrent turn won, nothing written.
 * Counted in `parley_chat_turns_total` under `turn.kind` with its outcome.
 */
export async function runContinueTurn(
  runtime: ChatRuntime,
  turn: {
    kind: Exclude<ChatTurnKind, "start">;
    session: TurnSession;
    flow: FlowSnapshot;
    state: SessionState;
    previewSnapshots: Record<string, FlowSnapshot>;
    input: Pick<ContinueChatRequest, "message" | "textBubbleContentFormat"> & {
      webhookBody?: string;
      /** An agent's close or the pick-up timeout, ending the session's Human handoff wait. */
      handoffEvent?: HandoffEvent;
    };
    /** The payment input whose payment was checked with Stripe (a messaging session's payment link). */
    verifiedPaymentBlockId?: string;
    /** `state` was parsed for this turn alone and is not read after it: the engine may change it in place. */
    isStateHandedOver?: boolean;
    /** What the session's read statement read for the AI agent it waits on. */
    aiAgentReads?: AiAgentReads;
    /** The replay records stored with the turn, given its response (`turn:<n>`, an Idempotency-Key). */
    toRecords: (response: unknown, createdAt: Date) => ChatTurnWrites["records"];
  },
) {
  try {
    const result = await runCountedTurn(runtime, turn);
    countChatTurn(
      turn.kind,
      !result.isCommitted ? "conflict" : result.outcome.isCompleted ? "completed" : "waiting",
    );
    return result;
  } catch (error) {
    countChatTurn(turn.kind, "failed");
    throw error;
  }
}

async function runCountedTurn(runtime: ChatRuntime, turn: Parameters<typeof runContinueTurn>[1]) {
  const { session, flow, previewSnapshots } = turn;
  const expiresAt = (isCompleted: boolean) =>
    getSessionExpiry(flow.settings, { now: runtime.now(), idleMs: runtime.sessionIdleMs, isCompleted });
  const outcome = await runEngineTurn(
    runtime,
    {
      workspaceId: session.workspaceId,
      isPreview: session.isPreview,
      previewSnapshots,
      ...(turn.state.isOnMessagingChannel
        ? { paymentLink: { sessionId: session.id, expiresAt: expiresAt(false) } }
        : {}),
      ...(turn.aiAgentReads ? { aiAgentReads: turn.aiAgentReads } : {}),
    },
    (ports) =>
      continueEngineChat(
        {
          flow,
          state: turn.state,
          message: turn.input.message,
          ...(turn.input.webhookBody === undefined ? {} : { webhookBody: turn.input.webhookBody }),
          ...(turn.input.handoffEvent ? { handoffEvent: turn.input.handoffEvent } : {}),
          textBubbleContentFormat: turn.input.textBubbleContentFormat,
          verifiedPaymentBlockId: turn.verifiedPaymentBlockId,
          isStateHandedOver: turn.isStateHandedOver,
        },
        ports,
      ),
  );
  const wire = toWireTurnResponse(outcome.response);
  const response = session.isTypebotClient ? toTypebotTurnResponse(wire) : wire;
  // Serialised once: the replay records store this text and the caller may answer with it.
  const responseJson = JSON.stringify(response);
  const records = turn.toRecords(response, new Date());
  for (const record of records) if (record.response === response) record.responseJson = responseJson;
  const isCommitted = await commitChatTurn(runtime.getPool(), {
    sessionId: session.id,
    expectedTurn: session.turn,
    state: outcome.state,
    expiresAt: expiresAt(outcome.isCompleted),
    isCompleted: outcome.isCompleted,
    previewFlow: session.isPreview ? { snapshots: previewSnapshots } : null,
    ...toTurnWrites(outcome, {
      isPreview: session.isPreview,
      workspaceId: session.workspaceId,
      publishedBotId: flow.id,
      writesResult: true,
      activity: runtime.activity,
    }),
    records,
  });
  return { outcome, response, responseJson, isCommitted };
}
