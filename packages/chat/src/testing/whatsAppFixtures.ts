import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { chatRequest, createPublishedTestBot, publishTestBotVersion } from "./chatFixtures";
import type { TestFlow } from "./testFlow";
import {
  textMessage,
  whatsAppAccount,
  whatsAppNotification,
  whatsAppSignature,
} from "./whatsAppNotification";

export { textMessage, whatsAppAccount, whatsAppNotification };

/** WhatsApp credentials in `workspaceId`. */
export async function createWhatsAppCredentials(workspaceId: string) {
  const record = await createWorkspaceCredentials(getPrisma(), workspaceId, {
    type: "whatsApp",
    name: "WhatsApp",
    data: whatsAppAccount,
  });
  return record.id;
}

/** A published bot answering on `credentialsId` (new credentials in a new workspace when not given). */
export async function createWhatsAppBot(
  flow: TestFlow,
  options: { workspaceId?: string; credentialsId?: string; isClosed?: boolean } = {},
) {
  const bot = await createPublishedTestBot(flow, options);
  const credentialsId = options.credentialsId ?? (await createWhatsAppCredentials(bot.owner.workspaceId));
  await getPrisma().bot.update({ where: { id: bot.botId }, data: { messagingCredentialsId: credentialsId } });
  return { ...bot, workspaceId: bot.owner.workspaceId, credentialsId };
}

/** Publishes `flow` again on the bot, so it becomes the most recently published. */
export const republish = (botId: string, flow: TestFlow) => publishTestBotVersion(botId, flow);

/**
 * `settings` turning messaging on, typing emulation off (its pauses and Telegram's typing signal
 * are the subject of the typing tests only).
 */
export const messagingOn = (messaging: Record<string, unknown> = {}) => ({
  messaging: { isEnabled: true, ...messaging },
  typingEmulation: { enabled: false },
});

/** A webhook POST signed as Meta signs it (`signature: null` leaves the header out). */
export function whatsAppWebhookRequest(
  target: { workspaceId: string; credentialsId: string },
  payload: unknown,
  options: { appSecret?: string; signature?: string | null } = {},
) {
  const body = JSON.stringify(payload);
  const signature =
    options.signature === undefined
      ? whatsAppSignature(body, options.appSecret ?? whatsAppAccount.appSecret)
      : options.signature;
  return chatRequest(`/workspaces/${target.workspaceId}/whatsapp/${target.credentialsId}/webhook`, {
    body,
    headers: signature === null ? {} : { "x-hub-signature-256": signature },
  });
}

/** The Cloud API call that sends `message` to `to`, as the local Graph API records it. */
export const expectedSend = (to: string, message: Record<string, unknown>) => ({
  method: "POST",
  path: `/v21.0/${whatsAppAccount.phoneNumberId}/messages`,
  authorization: `Bearer ${whatsAppAccount.systemUserAccessToken}`,
  body: { messaging_product: "whatsapp", recipient_type: "individual", to, ...message },
});

export const textSend = (to: string, body: string) => expectedSend(to, { type: "text", text: { body } });
