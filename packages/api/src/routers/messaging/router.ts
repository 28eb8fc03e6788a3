import { router } from "../../trpc";
import { connectTelegramWebhook } from "./connectTelegramWebhook";
import { getMessagingSetup } from "./getMessagingSetup";
import { sendMessagingTestMessage } from "./sendMessagingTestMessage";

/** Builder-only procedures of the bot's messaging section (no REST paths). */
export const messagingRouter = router({
  getMessagingSetup,
  connectTelegramWebhook,
  sendMessagingTestMessage,
});
