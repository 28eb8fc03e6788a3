import { createHash } from "node:crypto";
import { claimInboundMessage } from "@parley/db/queries/claimInboundMessage";
import { createChatSession } from "@parley/db/queries/createChatSession";
import { readMessagingConversation } from "@parley/db/queries/readMessagingConversation";
import { saveMessagingConversation } from "@parley/db/queries/saveMessagingConversation";
import { parseSessionState, type TurnResponse } from "@parley/engine";
import type { Logger } from "@parley/platform/logger";
import type { ChatMessage, Settings } from "@parley/schemas";
import { ChatError } from "../chatErrors";
import type { ChatRuntime } from "../createChatRuntime";
import { loadSessionFlow } from "../persistence/loadSessionFlow";
import { runContinueTurn } from "../turns/runContinueTurn";
import { assertChatCanStart, runStartTurn } from "../turns/runStartTurn";
import { logSkippedClientActions } from "./logSkippedClientActions";
import { selectMessagingBot } from "./selectMessagingBot";

export interface ChannelMessage {
  credentialsId: string;
  workspaceId: string;
  /** The sender's id on the channel (a WhatsApp number): with the credentials, the conversation's key. */
  sender: string;
  /** The platform's id of the message: a redelivery of the same id is not answered again. */
  messageId: string;
  message: ChatMessage & { type: "text" };
}

export interface ChannelTurn {
  response: Pick<TurnResponse, "messages" | "input" | "clientSideActions">;
  settings: Settings;
  botId: string;
  /** The conversation's result (null for a session only registering). */
  resultId: string | null;
}

const conversationQueues = new Map<string, Promise<unknown>>();

/** Runs the messages of one conversation one after the other in this process, in arrival order. */
function inConversationOrder<T>(key: string, run: () => Promise<T>): Promise<T> {
  const previous = conversationQueues.get(key) ?? Promise.resolve();
  const next = previous.then(run, run);
  const settled = next.catch(() => undefined);
  conversationQueues.set(key, settled);
  settled.then(() => {
    if (conversationQueues.get(key) === settled) conversationQueues.delete(key);
  });
  return next;
}

/**
 * One inbound message of a messaging channel, through the same turns as the web chat: it continues
 * the sender's open session, or (none, ended or expired) starts the bot its text selects, whose
 * session and result are stored like startChat's. Null when nothing is to be sent back (a
 * redelivery, no bot for it, a closed bot, a suspended workspace, the chats limit), logged.
 */
export async function handleChannelMessage(
  runtime: ChatRuntime,
  inbound: ChannelMessage,
  logger: Logger,
): Promise<ChannelTurn | null> {
  const { credentialsId, sender } = inbound;
  // Queued before any await, so the messages of a sender keep the order they were received in.
  return inConversationOrder(`${credentialsId}:${sender}`, async () => {
    const turn = await runChannelTurn(runtime, inbound, logger);
    if (turn) await logSkippedClientActions(turn, logger);
    return turn;
  });
}

/** The turn of one message: the sender's open session continued, or a new conversation. */
async function runChannelTurn(
  runtime: ChatRuntime,
  inbound: ChannelMessage,
  logger: Logger,
): Promise<ChannelTurn | null> {
  const pool = runtime.getPool();
  const { credentialsId, sender, messageId } = inbound;
  if (!(await claimInboundMessage(pool, { credentialsId, messageId }))) {
    logger.info({ credentialsId, messageId }, "messaging: message delivered again, already answered");
    return null;
  }
  const session = await readMessagingConversation(pool, { credentialsId, sender });
  const isOpen =
    session && !session.isCompleted && (session.expiresAt?.getTime() ?? 0) > runtime.now().getTime();
  if (session && isOpen) {
    const state = parseSessionState(session.state);
    const { flow, previewSnapshots } = await loadSessionFlow(runtime, session, state);
    const requestHash = createHash("sha256").update(messageId).digest("hex");
    const { response, isCommitted } = await runContinueTurn(runtime, {
      session,
      flow,
      state,
      previewSnapshots,
      input: { message: inbound.message, textBubbleContentFormat: "richText" },
      toRecords: (response, createdAt) => [
        {
          scope: session.id,
          key: `turn:${session.turn}`,
          statusCode: 200,
          response,
          requestHash,
          createdAt,
        },
      ],
    });
    if (!isCommitted) {
      logger.warn({ sessionId: session.id, messageId }, "messaging: a concurrent turn of this session won");
      return null;
    }
    return { response, settings: flow.settings, botId: session.botId, resultId: session.resultId };
  }
  return startConversation(runtime, inbound, logger);
}

async function startConversation(
  runtime: ChatRuntime,
  inbound: ChannelMessage,
  logger: Logger,
): Promise<ChannelTurn | null> {
  const { credentialsId, workspaceId, sender } = inbound;
  const selected = await selectMessagingBot(runtime, {
    workspaceId,
    credentialsId,
    text: inbound.message.text,
  });
  if (!selected) {
    logger.info({ credentialsId }, "messaging: no published bot with messaging enabled matches this message");
    return null;
  }
  const { bot, flow } = selected;
  try {
    await assertChatCanStart(runtime, bot, flow);
  } catch (error) {
    if (!(error instanceof ChatError)) throw error;
    logger.info(
      { credentialsId, botId: bot.id, reason: error.issues[0]?.code },
      "messaging: chat not started",
    );
    return null;
  }
  const { response, creation } = await runStartTurn(runtime, {
    bot,
    flow,
    input: {
      message: inbound.message,
      isStreamEnabled: false,
      isOnlyRegistering: false,
      textBubbleContentFormat: "richText",
    },
  });
  const pool = runtime.getPool();
  await createChatSession(pool, { ...creation, guardRecord: null, records: [] });
  await saveMessagingConversation(pool, { credentialsId, sender, sessionId: creation.sessionId });
  return { response, settings: flow.settings, botId: bot.id, resultId: creation.resultId };
}
