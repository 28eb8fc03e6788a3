import { listMessagingBots, type MessagingBotRow } from "@parley/db/queries/listMessagingBots";
import { type FlowSnapshot, matchesMessagingStartCondition } from "@parley/engine";
import type { ChatRuntime } from "../core/chatRuntime";

/**
 * The bot a channel's first message starts: among the workspace's published bots on these
 * credentials with messaging enabled, the most recently published whose start condition matches
 * the text, else the most recently published without a start condition; null when none fits.
 */
export async function selectMessagingBot(
  runtime: ChatRuntime,
  input: { workspaceId: string; credentialsId: string; text: string },
): Promise<{ bot: MessagingBotRow; flow: FlowSnapshot } | null> {
  const rows = await listMessagingBots(runtime.getPool(), input);
  let unconditional: { bot: MessagingBotRow; flow: FlowSnapshot } | null = null;
  for (const bot of rows) {
    const flow = await runtime.flows.getPublishedFlow(bot.publishedBotId);
    const messaging = flow?.settings.messaging;
    if (!flow || messaging?.isEnabled !== true) continue;
    const condition = messaging.startCondition;
    if (!condition || condition.comparisons.length === 0) {
      unconditional ??= { bot, flow };
      continue;
    }
    if (matchesMessagingStartCondition(condition, input.text)) return { bot, flow };
  }
  return unconditional;
}
