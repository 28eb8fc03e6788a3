import type { FlowSnapshot } from "@parley/engine";
import { callTelegramBotApi } from "@parley/integrations/messaging/callTelegramBotApi";
import { getPlatformErrorMessage } from "@parley/integrations/messaging/getPlatformErrorMessage";
import type { SendResult } from "@parley/integrations/messaging/postPlatformCall";
import { sendWhatsAppMessage } from "@parley/integrations/messaging/sendWhatsAppMessage";
import type { TextChannelMessage } from "@parley/schemas";
import type { CredentialsData } from "@parley/schemas/credentials";
import { startTurn } from "../core/turns/startTurn";
import type { ChannelsChatRuntime } from "./channelsRuntime";
import { toTelegramCalls } from "./telegram/toTelegramCalls";
import { toTextChannelMessages } from "./toTextChannelMessages";
import { getListButtonLabel, toWhatsAppMessages } from "./whatsapp/toWhatsAppMessages";

export type TestMessageAccount =
  | { channel: "whatsApp"; data: CredentialsData<"whatsApp"> }
  | { channel: "telegram"; data: CredentialsData<"telegram"> };

export type ChannelTestMessageResult =
  /** `messages`: the bot's messages as the channel rendered them, each one delivered in full. */
  | { ok: true; messages: TextChannelMessage[] }
  /** `error`: the platform's word on the first call it refused; `messages` were delivered before it. */
  | { ok: false; messages: TextChannelMessage[]; error: string };

/**
 * The "Send test message" of the builder: the flow's first turn, run like the editor's preview (no
 * session, result or usage), sent to `recipient` the way the channel's webhook answers, call by call,
 * stopping at the first one the platform refuses.
 */
export async function sendChannelTestMessage(
  runtime: ChannelsChatRuntime,
  request: { flow: FlowSnapshot; account: TestMessageAccount; recipient: string },
): Promise<ChannelTestMessageResult> {
  const { flow, account, recipient } = request;
  const { response } = await startTurn(runtime, { mode: "testMessage", flow });
  const messages = toTextChannelMessages(response);
  const delivered: TextChannelMessage[] = [];
  for (const message of messages) {
    for (const send of toPlatformCalls(runtime, account, message, flow, recipient, response.language)) {
      const sent = await send();
      if (!sent.ok) return { ok: false, messages: delivered, error: getPlatformErrorMessage(sent) };
    }
    delivered.push(message);
  }
  return { ok: true, messages: delivered };
}

/** One rendered message as the channel's API calls, not yet made. */
function toPlatformCalls(
  runtime: ChannelsChatRuntime,
  account: TestMessageAccount,
  message: TextChannelMessage,
  flow: FlowSnapshot,
  recipient: string,
  language: string | null | undefined,
): (() => Promise<SendResult>)[] {
  if (account.channel === "telegram") {
    const apiUrl = runtime.channels.telegramApiUrl;
    return toTelegramCalls(message, recipient).map(
      (call) => () => callTelegramBotApi(account.data.botToken, call.method, call.body, { apiUrl }),
    );
  }
  const listButtonLabel = getListButtonLabel(flow.settings, language);
  const graphApiUrl = runtime.channels.whatsAppGraphApiUrl;
  return toWhatsAppMessages(message, { listButtonLabel }).map(
    (outbound) => () => sendWhatsAppMessage(account.data, recipient, outbound, { graphApiUrl }),
  );
}
