import { runWithAdvisoryLock } from "@parley/db/queries/runWithAdvisoryLock";
import type { Logger } from "@parley/platform/logger";
import type { ChannelsChatRuntime } from "./channelsRuntime";
import type { ChannelTurn } from "./channelTurn";
import type { ChannelReplyTarget } from "./deliverAgentReply";
import { conversationLockKey } from "./durableDelivery";
import { logUndeliveredReply } from "./logUndeliveredReply";
import { createTelegramDelivery } from "./telegram/createTelegramDelivery";
import { readTelegramCredentials } from "./telegram/readTelegramCredentials";
import { createWhatsAppDelivery } from "./whatsapp/createWhatsAppDelivery";
import { readWhatsAppCredentials } from "./whatsapp/readWhatsAppCredentials";

/**
 * Runs `turn` (the end of a handoff: the agent's close or the pick-up timeout) in the order of the visitor's
 * channel conversation — after the turns and replies before it, before the visitor's next message — then sends
 * the bot's messages it returns (`toChannelTurn`; null: nothing to send) to the visitor's WhatsApp number or
 * Telegram chat, as a channel turn's replies are sent (typing pauses, shared send rates, a `channel.deliver` job
 * as their durable copy). Resolves with the turn's result once it ran; the sending goes on under the
 * conversation's lock, tracked by the channel work (a shutdown waits for it), its failure logged.
 */
export function runHandoffTurnInChannelOrder<T>(
  runtime: ChannelsChatRuntime,
  target: ChannelReplyTarget,
  turn: () => Promise<T>,
  toChannelTurn: (result: T) => ChannelTurn | null,
  logger: Logger,
): Promise<T> {
  const key = conversationLockKey(target.credentialsId, target.to);
  return new Promise<T>((resolve, reject) => {
    runtime.channels.work.run(async () => {
      try {
        await runtime.channels.work.inOrder(key, () =>
          runWithAdvisoryLock(runtime.channels.getLockPool(), key, async () => {
            const result = await turn();
            resolve(result);
            const replies = toChannelTurn(result);
            if (replies) await deliverChannelReplies(runtime, target, replies, logger);
          }),
        );
      } catch (error) {
        // Before the turn ran, the caller gets the error; after it, only the log (resolved already).
        reject(error);
        throw error;
      }
    }, logger);
  });
}

/** A turn's replies to the visitor of `target`, through its account (the caller holds the conversation's lock). */
async function deliverChannelReplies(
  runtime: ChannelsChatRuntime,
  target: ChannelReplyTarget,
  turn: ChannelTurn,
  logger: Logger,
): Promise<void> {
  const params = { workspaceId: target.workspaceId, credentialsId: target.credentialsId };
  if (target.channel === "whatsapp") {
    const credentials = await readWhatsAppCredentials(params);
    if (!credentials.ok)
      return logUndeliveredReply(
        turn,
        { channel: "WhatsApp", error: `The WhatsApp credentials cannot be read: ${credentials.error}` },
        logger,
      );
    return createWhatsAppDelivery(runtime, credentials.data, target.to, logger, params)(turn);
  }
  const credentials = await readTelegramCredentials(params);
  if (!credentials.ok)
    return logUndeliveredReply(
      turn,
      { channel: "Telegram", error: `The Telegram credentials cannot be read: ${credentials.error}` },
      logger,
    );
  const account = { ...params, botToken: credentials.data.botToken };
  return createTelegramDelivery(runtime, account, target.to, logger)(turn);
}
