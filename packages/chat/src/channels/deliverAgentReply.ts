import { type AgentReplyTarget, readAgentReplyTarget } from "@parley/db/queries/readAgentReplyTarget";
import { runWithAdvisoryLock } from "@parley/db/queries/runWithAdvisoryLock";
import type { Logger } from "@parley/platform/logger";
import { type ChatBubble, defaultSystemMessages, type TextChannelMessage } from "@parley/schemas";
import { type ConversationAttachment, isImageAttachment } from "@parley/schemas/management/inbox";
import type { ChannelsChatRuntime } from "./channelsRuntime";
import {
  type ChannelDelivery,
  conversationLockKey,
  deliverDurably,
  type PlatformCall,
} from "./durableDelivery";
import { logUndeliveredReply } from "./logUndeliveredReply";
import { createTelegramSender } from "./telegram/createTelegramDelivery";
import { readTelegramCredentials } from "./telegram/readTelegramCredentials";
import { toTelegramCalls } from "./telegram/toTelegramCalls";
import { toTextChannelMessages } from "./toTextChannelMessages";
import { createWhatsAppSender } from "./whatsapp/createWhatsAppDelivery";
import { readWhatsAppCredentials } from "./whatsapp/readWhatsAppCredentials";
import { toWhatsAppMessages } from "./whatsapp/toWhatsAppMessages";

/** WhatsApp's customer-service window: a business may send free-form messages this long after the customer's last one. */
export const WHATSAPP_SERVICE_WINDOW_MS = 24 * 3_600_000;

/** Where an agent's reply to a channel conversation goes. */
export interface ChannelReplyTarget {
  channel: "whatsapp" | "telegram";
  workspaceId: string;
  botId: string;
  resultId: string | null;
  credentialsId: string;
  to: string;
}

/**
 * Whether an agent's reply (not an internal note) to a conversation can go out, and where:
 * - `web`: the chat is not on a messaging channel (or the conversation is unknown or closed: the write says so);
 * - `channel`: sent through WhatsApp or Telegram to `target`;
 * - `windowClosed`: a WhatsApp visitor last wrote over 24 hours ago, so Meta would refuse a free-form message;
 * - `unlinked`: the visitor's channel conversation has moved to a new session (or the account is gone).
 */
export type AgentReplyRoute =
  | { kind: "web" }
  | { kind: "channel"; target: ChannelReplyTarget }
  | { kind: "windowClosed"; lastVisitorMessageAt: Date }
  | { kind: "unlinked"; channel: string };

const messagingChannels = new Set(["whatsapp", "telegram", "messaging"]);

/**
 * The WhatsApp number or Telegram chat an inbox conversation's session talks to, open or closed (null: a web
 * chat, an unknown conversation, or a visitor whose channel conversation has moved on to a new session).
 */
export async function readConversationChannel(
  runtime: ChannelsChatRuntime,
  conversationId: string,
): Promise<ChannelReplyTarget | null> {
  const row = await readAgentReplyTarget(runtime.getPool(), conversationId);
  return row && messagingChannels.has(row.channel) ? toChannelTarget(row) : null;
}

export async function routeAgentReply(
  runtime: ChannelsChatRuntime,
  conversationId: string,
): Promise<AgentReplyRoute> {
  const row = await readAgentReplyTarget(runtime.getPool(), conversationId);
  if (!row || row.status === "closed" || !messagingChannels.has(row.channel)) return { kind: "web" };
  const target = toChannelTarget(row);
  if (!target) return { kind: "unlinked", channel: row.channel };
  if (
    target.channel === "whatsapp" &&
    runtime.now().getTime() - row.lastVisitorMessageAt.getTime() > WHATSAPP_SERVICE_WINDOW_MS
  )
    return { kind: "windowClosed", lastVisitorMessageAt: row.lastVisitorMessageAt };
  return { kind: "channel", target };
}

function toChannelTarget(row: AgentReplyTarget): ChannelReplyTarget | null {
  if (!row.credentialsId || !row.sender) return null;
  const channel =
    row.credentialsType === "whatsApp" ? "whatsapp" : row.credentialsType === "telegram" ? "telegram" : null;
  if (!channel) return null;
  const { workspaceId, botId, resultId } = row;
  return { channel, workspaceId, botId, resultId, credentialsId: row.credentialsId, to: row.sender };
}

/** What an agent sends: the text as a text bubble (null when the message is only a file), and the file. */
export interface AgentReply {
  text: ChatBubble | null;
  attachment: Pick<ConversationAttachment, "url" | "name" | "contentType" | "size"> | null;
}

/**
 * Both platforms fetch a picture sent by URL up to 5 MB (WhatsApp's image limit, Telegram's sendPhoto by URL); a
 * larger one is sent as a document, which they take up to 100 MB and 20 MB.
 */
export const MAX_CHANNEL_PICTURE_BYTES = 5 * 1024 * 1024;

/**
 * An agent's reply as a text channel's messages: the text as a text bubble renders, then the file on its own (so a
 * long text is never cut to a caption's length): an image as a picture, any other file as a document with its name.
 */
export function toAgentChannelMessages(reply: AgentReply): TextChannelMessage[] {
  const rendered = reply.text ? toTextChannelMessages({ messages: [reply.text] }) : [];
  if (!reply.attachment) return rendered;
  const { url, name, contentType, size } = reply.attachment;
  const isPicture = isImageAttachment(contentType) && size <= MAX_CHANNEL_PICTURE_BYTES;
  return [...rendered, { text: "", media: { kind: isPicture ? "image" : "file", url, fileName: name } }];
}

/**
 * Sends an agent's message to the visitor's WhatsApp number or Telegram chat as the channel renders a text bubble
 * (and its file as a picture or a document, toAgentChannelMessages):
 * under the conversation's lock (after any bot reply still going out), paced by the cluster's shared send rates,
 * with a `channel.deliver` job as its durable copy (a refusing platform or a dead process: another process sends it).
 * A reply the platform refuses for good is logged on the result, as a bot reply is. Never throws: once the job is
 * queued, the queue owns the delivery.
 */
export async function deliverAgentReply(
  runtime: ChannelsChatRuntime,
  target: ChannelReplyTarget,
  reply: AgentReply,
  logger: Logger,
): Promise<void> {
  const params = { workspaceId: target.workspaceId, credentialsId: target.credentialsId };
  const rendered = toAgentChannelMessages(reply);
  const turn = { botId: target.botId, resultId: target.resultId };
  const label = target.channel === "whatsapp" ? "WhatsApp" : "Telegram";
  const onRefused = (error: string) => logUndeliveredReply(turn, { channel: label, error }, logger);
  const key = conversationLockKey(target.credentialsId, target.to);
  try {
    await runtime.channels.work.inOrder(key, () =>
      runWithAdvisoryLock(runtime.channels.getLockPool(), key, async () => {
        const delivery = { ...params, to: target.to, ...turn };
        if (target.channel === "whatsapp") {
          const credentials = await readWhatsAppCredentials(params);
          if (!credentials.ok)
            return onRefused(`The WhatsApp credentials cannot be read: ${credentials.error}`);
          const listButtonLabel = defaultSystemMessages.messagingPictureChoiceSelectLabel;
          const steps = toSteps(
            rendered.flatMap((message) =>
              toWhatsAppMessages(message, { listButtonLabel }).map((outbound) => ({
                method: "messages",
                body: outbound as unknown as Record<string, unknown>,
              })),
            ),
          );
          await deliverDurably(
            runtime,
            { channel: "whatsApp", ...delivery, steps },
            createWhatsAppSender(runtime, credentials.data, target.to),
            onRefused,
            logger,
          );
          return;
        }
        const credentials = await readTelegramCredentials(params);
        if (!credentials.ok)
          return onRefused(`The Telegram credentials cannot be read: ${credentials.error}`);
        const account = { credentialsId: target.credentialsId, botToken: credentials.data.botToken };
        await deliverDurably(
          runtime,
          {
            channel: "telegram",
            ...delivery,
            steps: toSteps(rendered.flatMap((message) => toTelegramCalls(message, target.to))),
          },
          createTelegramSender(runtime, account, target.to, logger),
          onRefused,
          logger,
        );
      }),
    );
  } catch (error) {
    logger.error(
      { err: error, credentialsId: target.credentialsId },
      "inbox: agent reply not sent now; its queued copy is tried again",
    );
  }
}

/** An agent's message goes out at once: no typing pause. */
const toSteps = (calls: PlatformCall[]): ChannelDelivery["steps"] => [{ pauseMs: 0, calls }];
