// Meta's webhook notifications and their signature, without the database or the chat runtime: the
// e2e specs import this file too.
import { createHmac } from "node:crypto";

export const whatsAppAccount = {
  systemUserAccessToken: "EAAG-test-system-user-token",
  phoneNumberId: "109876543210987",
  appSecret: "test-app-secret-0123456789",
  verifyToken: "test-verify-token",
};

let messageCount = 0;

/** Meta's notification of one inbound message of `from`. */
export function whatsAppNotification(
  from: string,
  message: Record<string, unknown>,
  options: { id?: string; phoneNumberId?: string } = {},
) {
  messageCount += 1;
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA-ID",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: {
                display_phone_number: "15550001111",
                phone_number_id: options.phoneNumberId ?? whatsAppAccount.phoneNumberId,
              },
              contacts: [{ wa_id: from, profile: { name: "Ada" } }],
              messages: [
                {
                  from,
                  id: options.id ?? `wamid.inbound-${Date.now()}-${messageCount}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  ...message,
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

export const textMessage = (body: string) => ({ type: "text", text: { body } });

/** The `x-hub-signature-256` header of `body` as Meta computes it with the app secret. */
export const whatsAppSignature = (body: string, appSecret: string) =>
  `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
