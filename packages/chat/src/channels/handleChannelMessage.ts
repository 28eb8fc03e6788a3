import { createHash } from "node:crypto";
import { claimInboundMessage } from "@parley/db/queries/claimInboundMessage";
import { createChatSession } from "@parley/db/queries/createChatSession";
import { readMessagingConversation } from "@parley/db/queries/readMessagingConversation";
import { runWithAdvisoryLock } from "@parley/db/queries/runWithAdvisoryLock";
import { saveMessagingConversation } from "@parley/db/queries/saveMessagingConversation";
import {
  type LanguageHints,
  type MessagingChannelName,
  parseSessionState,
  readSessionLanguage,
} from "@parley/engine";
import type { Logger } from "@parley/platform/logger";
import {
  type ChatMessage,
  humanHandoffBlock,
  listBotLanguages,
  type Settings,
  textBubbleBlock,
} from "@parley/schemas";
import { ChatError } from "../core/chatErrors";
import { loadSessionFlow } from "../core/persistence/loadSessionFlow";
import { toAiAgentReads } from "../core/turns/readSessionForTurn";
import { runContinueTurn } from "../core/turns/runContinueTurn";
import { assertChatCanStart, startTurn } from "../core/turns/startTurn";
import type { ChannelsChatRuntime } from "./channelsRuntime";
import type { ChannelTurn } from "./channelTurn";
import { conversationLockKey } from "./durableDelivery";
import { logSkippedClientActions } from "./logSkippedClientActions";
import { selectMessagingBot } from "./selectMessagingBot";
import { type ChannelMedia, toMediaReply } from "./toMediaReply";
import { detectMessageLanguage } from "./whatsapp/detectMessageLanguage";

export interface ChannelMessage {
  credentialsId: string;
  workspaceId: string;
  /** The sender's id on the channel (a WhatsApp number): with the credentials, the conversation's key. */
  sender: string;
  /** The platform's id of the message: a redelivery of the same id is not answered again. */
  messageId: string;
  /**
   * A text (or a button's reply, `metadata.replyId` its option), a file fetched only when the
   * conversation waits for one, or a start command (Telegram's `/start`): it starts the conversation
   * anew, open or not, and is never an answer; `text` selects the bot, `prefilledVariables` are set by
   * name as startChat's.
   */
  content:
    | { type: "text"; message: ChatMessage & { type: "text" } }
    | { type: "media"; media: ChannelMedia }
    | { type: "start"; text: string; prefilledVariables: Record<string, string> };
  /**
   * Asked first, in the conversation's order: false when the message is addressed to another bot
   * (a group's `/start@other_bot`), which is then not answered.
   */
  isForThisBot?: () => Promise<boolean>;
  /**
   * A payment made through the session's payment link and checked with Stripe: it answers that
   * payment input of that session only (no other session, block, or new conversation).
   */
  verifiedPayment?: { sessionId: string; blockId: string };
  /**
   * Where the visitor's language comes from when the message starts a conversation: Telegram's `language_code`,
   * or WhatsApp's first message, whose language is detected among the bot's (docs/languages.md).
   */
  language?: { source: "telegram"; tag: string } | { source: "whatsapp" };
  /** The channel (kept on a new session: an inbox conversation names it). */
  channel?: MessagingChannelName;
}

/**
 * One inbound message of a messaging channel, through the same turns as the web chat: it continues
 * the sender's open session, or (none, ended or expired) starts the bot its text selects, whose
 * session and result are stored like startChat's. `deliver` sends the turn's replies. Nothing is
 * delivered for a redelivery, no bot for it, a closed bot, a suspended workspace or the chats
 * limit (logged).
 *
 * The messages of one conversation run one at a time, replies included, in arrival order: in this
 * process by a queue joined before any await, across processes sharing the database by an advisory
 * lock on the conversation's key (its waiters are served in the order they asked).
 */
export function handleChannelMessage(
  runtime: ChannelsChatRuntime,
  inbound: ChannelMessage,
  logger: Logger,
  deliver: (turn: ChannelTurn) => Promise<void>,
): Promise<void> {
  const key = conversationLockKey(inbound.credentialsId, inbound.sender);
  return runtime.channels.work.inOrder(key, () =>
    runWithAdvisoryLock(runtime.channels.getLockPool(), key, async () => {
      const turn = await runChannelTurn(runtime, inbound, logger);
      if (!turn) return;
      await logSkippedClientActions(turn, logger);
      await deliver(turn);
    }),
  );
}

/** The turn of one message: the sender's open session continued, or a new conversation. */
async function runChannelTurn(
  runtime: ChannelsChatRuntime,
  inbound: ChannelMessage,
  logger: Logger,
): Promise<ChannelTurn | null> {
  const pool = runtime.getPool();
  const { credentialsId, sender, messageId } = inbound;
  if (inbound.isForThisBot && !(await inbound.isForThisBot())) {
    logger.info({ credentialsId, messageId }, "messaging: a command for another bot, not answered");
    return null;
  }
  if (!(await claimInboundMessage(pool, { credentialsId, messageId }))) {
    logger.info({ credentialsId, messageId }, "messaging: message delivered again, already answered");
    return null;
  }
  const session = await readMessagingConversation(pool, { credentialsId, sender });
  const isOpen =
    session && !session.isCompleted && (session.expiresAt?.getTime() ?? 0) > runtime.now().getTime();
  const { verifiedPayment } = inbound;
  if (verifiedPayment) {
    const waitingFor = session && isOpen ? parseSessionState(session.state).waitingFor : null;
    const isDue =
      session?.id === verifiedPayment.sessionId &&
      waitingFor?.kind === "input" &&
      waitingFor.blockId === verifiedPayment.blockId;
    if (!isDue) {
      logger.info({ sessionId: verifiedPayment.sessionId }, "messaging: the payment's input no longer waits");
      return null;
    }
  }
  const { content } = inbound;
  if (session && isOpen && content.type !== "start") {
    const state = parseSessionState(session.state);
    const { flow, previewSnapshots } = await loadSessionFlow(runtime, session, state);
    const reply =
      content.type === "text"
        ? ({ type: "message", message: content.message } as const)
        : await toMediaReply(
            runtime,
            session,
            flow.settings,
            readSessionLanguage(state, flow),
            content.media,
            logger,
          );
    const channelTurn = {
      settings: flow.settings,
      botId: session.botId,
      resultId: session.resultId,
      isFirstTurn: false,
    };
    // A refused file gets its system message; the session keeps waiting where it was.
    if (reply.type === "refused") return { ...channelTurn, response: toTextResponse(reply.text) };
    const requestHash = createHash("sha256").update(messageId).digest("hex");
    const { response, isCommitted } = await runContinueTurn(runtime, {
      kind: "channel",
      session,
      flow,
      state,
      previewSnapshots,
      input: { message: reply.message, textBubbleContentFormat: "richText" },
      verifiedPaymentBlockId: verifiedPayment?.blockId,
      aiAgentReads: toAiAgentReads(session, state, session.aiAgent),
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
    // A message to the inbox during a handoff: the bot stays silent (no prompt repeated after each message).
    const waitingFor = state.waitingFor;
    if (
      waitingFor?.kind === "dedicatedReply" &&
      waitingFor.action === humanHandoffBlock.type &&
      response.messages.length === 0
    )
      return { ...channelTurn, response: { messages: [], clientSideActions: response.clientSideActions } };
    return { ...channelTurn, response };
  }
  return startConversation(runtime, inbound, logger);
}

async function startConversation(
  runtime: ChannelsChatRuntime,
  inbound: ChannelMessage,
  logger: Logger,
): Promise<ChannelTurn | null> {
  const { credentialsId, workspaceId, sender } = inbound;
  const opening = toOpeningMessage(inbound.content);
  const selected = await selectMessagingBot(runtime, { workspaceId, credentialsId, text: opening.text });
  if (!selected) {
    logger.info({ credentialsId }, "messaging: no published bot with messaging enabled matches this message");
    return null;
  }
  const { bot, flow } = selected;
  try {
    await assertChatCanStart(runtime, bot, flow, logger);
  } catch (error) {
    if (!(error instanceof ChatError)) throw error;
    logger.info(
      { credentialsId, botId: bot.id, reason: error.issues[0]?.code },
      "messaging: chat not started",
    );
    return null;
  }
  const { response, creation } = await startTurn(runtime, {
    mode: "live",
    bot,
    flow,
    isOnMessagingChannel: true,
    messagingChannel: inbound.channel,
    languageHints: toChannelLanguageHints(inbound.language, opening.text, flow.settings),
    input: {
      message: opening.answer,
      prefilledVariables: opening.prefilledVariables,
      isStreamEnabled: false,
      isOnlyRegistering: false,
      textBubbleContentFormat: "richText",
    },
  });
  const pool = runtime.getPool();
  await createChatSession(pool, { ...creation, guardRecord: null, records: [] });
  await saveMessagingConversation(pool, { credentialsId, sender, sessionId: creation.sessionId });
  return { response, settings: flow.settings, botId: bot.id, resultId: creation.resultId, isFirstTurn: true };
}

/**
 * What the message opening a conversation gives its start: the text its bot is selected by, the
 * variables it prefills, and the answer to the flow's first input it may be. Only a typed text is
 * such an answer (startChat's start message: taken when the flow begins with an input it may answer).
 * A button pressed on an earlier conversation's message, a file (not kept: there is no session to
 * keep it with; its caption selects the bot) and a start command only start the bot.
 */
function toOpeningMessage(content: ChannelMessage["content"]): {
  text: string;
  answer?: ChatMessage & { type: "text" };
  prefilledVariables?: Record<string, string>;
} {
  switch (content.type) {
    case "text":
      return content.message.metadata?.replyId === undefined
        ? { text: content.message.text, answer: content.message }
        : { text: content.message.text };
    case "media":
      return { text: content.media.caption?.trim() ?? "" };
    case "start":
      return { text: content.text, prefilledVariables: content.prefilledVariables };
  }
}

/** A response of one text bubble (a system message sent without a turn). */
const toTextResponse = (text: string): ChannelTurn["response"] => ({
  messages: [
    {
      id: "system-message",
      type: textBubbleBlock.type,
      content: { type: "richText", richText: [{ type: "p", children: [{ text }] }] },
    },
  ],
  clientSideActions: [],
});

/** The language hints of a conversation's first message (a tag Telegram gives, or WhatsApp's detected one). */
function toChannelLanguageHints(
  language: ChannelMessage["language"],
  text: string,
  settings: Settings,
): LanguageHints | undefined {
  if (!language || !settings.languages) return undefined;
  if (language.source === "telegram") return { telegram: language.tag };
  const detected = detectMessageLanguage(text, listBotLanguages(settings));
  return detected ? { whatsapp: detected } : undefined;
}
