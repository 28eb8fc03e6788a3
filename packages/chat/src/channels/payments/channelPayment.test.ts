import { getPrisma } from "@parley/db";
import { describe, expect, it } from "vitest";
import { createPortServices } from "../../core/ports/createPortServices";
import { chatRequest, readResponse } from "../../testing/chatFixtures";
import { createChannelTestContext } from "../../testing/createChannelTestContext";
import {
  createTelegramBot,
  expectedCall,
  telegramTextUpdate,
  telegramWebhookRequest,
} from "../../testing/telegramFixtures";
import { createPaymentFlow } from "../../testing/testFlows";
import {
  createWhatsAppBot,
  messagingOn,
  textMessage,
  textSend,
  whatsAppNotification,
  whatsAppWebhookRequest,
} from "../../testing/whatsAppFixtures";
import { readPaymentPage } from "./readPaymentPage";

const prisma = getPrisma();
let clock = new Date();
const channel = createChannelTestContext({
  apis: { whatsApp: true, telegram: true, stripe: true },
  chat: ({ stripe }) => ({
    channels: { sendRetryDelaysMs: [] },
    now: () => clock,
    services: createPortServices({
      stripeKeys: { secretKey: stripe.secretKey, publicKey: stripe.publicKey },
      stripeApiUrl: stripe.url,
    }),
  }),
});

/** A request, answered once the channel turns it started are done (they run after the answer). */
async function send(request: Request) {
  const response = await readResponse(await channel.chat(request));
  await channel.runtime.channels.work.idle();
  return response;
}

const confirm = (token: string) => send(chatRequest(`/payment-links/${token}/confirm`));

/** The link of a payment message: `{VIEWER_URL}/pay/<payload>.<signature>`. */
function readPayLink(text: string) {
  const url = /(\S+\/pay\/\S+)$/.exec(text)?.[1] ?? "";
  expect(url).toMatch(new RegExp(`^${channel.runtime.uploads.viewerUrl}/pay/[\\w-]+\\.[\\w-]+$`));
  return { url, token: url.split("/pay/")[1] ?? "" };
}

const lastText = (calls: { body: unknown }[]) =>
  (calls.at(-1)?.body as { text?: { body?: string } } | undefined)?.text?.body ?? "";

describe("payment input on WhatsApp", () => {
  it("is a link to pay on the web; a typed reply never pays; a succeeded PaymentIntent continues the chat once", async () => {
    clock = new Date();
    const bot = await createWhatsAppBot(createPaymentFlow(messagingOn({ sessionExpiryTimeout: 2 })));
    const ada = "33611112222";
    const say = async (body: string) => {
      channel.graph.takeCalls();
      const response = await send(whatsAppWebhookRequest(bot, whatsAppNotification(ada, textMessage(body))));
      expect(response.status).toBe(200);
      return channel.graph.takeCalls();
    };

    // The link message: the amount, then the URL of the pay page on a line of its own.
    const opened = await say("hi");
    const first = readPayLink(lastText(opened));
    expect(opened).toEqual([
      textSend(ada, "Hello!"),
      textSend(ada, `A payment of €12.50 is due. Pay with this link:\n${first.url}`),
    ]);
    expect(channel.stripe.takeCalls()).toEqual([
      {
        method: "POST",
        path: "/v1/payment_intents",
        authorization: `Bearer ${channel.stripe.secretKey}`,
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
        form: { amount: "1250", currency: "eur", "automatic_payment_methods[enabled]": "true" },
      },
    ]);

    // Typing the success label (or anything) is no payment: the retry message and a new link.
    const typed = await say("Success");
    const second = readPayLink(lastText(typed));
    expect(typed).toEqual([
      textSend(ada, "Payment failed. Please, try again."),
      textSend(ada, `A payment of €12.50 is due. Pay with this link:\n${second.url}`),
    ]);
    expect(second.token).not.toBe(first.token);
    const result = await prisma.result.findFirstOrThrow({
      where: { botId: bot.botId },
      include: { answers: true },
    });
    expect(result.answers).toEqual([]);

    // The pay page's data: the bot, the amount and the intent's client secret for the Payment Element.
    expect(await readPaymentPage(channel.runtime, second.token)).toEqual({
      status: "due",
      botName: expect.any(String),
      amountLabel: "€12.50",
      publicKey: channel.stripe.publicKey,
      clientSecret: "pi_local2_secret_local2",
      labels: { button: "Pay", success: "Success" },
    });
    channel.stripe.takeCalls();

    // Not paid yet at Stripe: refused, nothing sent.
    expect(await confirm(second.token)).toMatchObject({
      status: 400,
      body: { code: "BAD_REQUEST", issues: [{ code: "PAYMENT_NOT_COMPLETED" }] },
    });
    expect(channel.stripe.takeCalls()).toEqual([
      {
        method: "GET",
        path: "/v1/payment_intents/pi_local2",
        authorization: `Bearer ${channel.stripe.secretKey}`,
        form: {},
      },
    ]);
    expect(channel.graph.takeCalls()).toEqual([]);

    // Paid: the flow goes on, its next messages sent on WhatsApp, the answer stored.
    channel.stripe.setStatus("pi_local2", "succeeded");
    expect(await confirm(second.token)).toEqual(
      expect.objectContaining({ status: 200, body: { status: "confirmed" } }),
    );
    expect(channel.graph.takeCalls()).toEqual([textSend(ada, "Thanks for paying.")]);
    const paid = await prisma.result.findUniqueOrThrow({
      where: { id: result.id },
      include: { answers: true },
    });
    expect(paid.answers.map((answer) => [answer.blockId, answer.content])).toEqual([["b-pay", "Success"]]);
    expect(paid.isCompleted).toBe(true);

    // Once more (a second tap, a reload): no second turn, nothing sent.
    expect(await confirm(second.token)).toMatchObject({ status: 200, body: { status: "alreadyConfirmed" } });
    expect(channel.graph.takeCalls()).toEqual([]);
    expect(await readPaymentPage(channel.runtime, second.token)).toMatchObject({ status: "confirmed" });
  });

  it("refuses a forged, altered or expired link", async () => {
    clock = new Date();
    const bot = await createWhatsAppBot(createPaymentFlow(messagingOn({ sessionExpiryTimeout: 1 })));
    channel.graph.takeCalls();
    await send(whatsAppWebhookRequest(bot, whatsAppNotification("33633334444", textMessage("hi"))));
    const { token } = readPayLink(lastText(channel.graph.takeCalls()));
    const [payload = "", signature = ""] = token.split(".");
    const altered = `${Buffer.from(
      Buffer.from(payload, "base64url").toString("utf8").replace('"amount":1250', '"amount":1'),
    ).toString("base64url")}.${signature}`;
    for (const bad of ["not-a-token", `${payload}.${"A".repeat(43)}`, altered]) {
      expect(await confirm(bad)).toMatchObject({
        status: 400,
        body: {
          code: "BAD_REQUEST",
          message: expect.any(String),
          issues: [
            { code: "PAYMENT_LINK_INVALID", message: "This payment link is not valid", path: ["token"] },
          ],
        },
      });
      expect(await readPaymentPage(channel.runtime, bad)).toEqual({ status: "invalid" });
    }
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect(await confirm(token)).toMatchObject({
      status: 400,
      body: { issues: [{ code: "PAYMENT_LINK_EXPIRED", message: "This payment link has expired" }] },
    });
    expect(await readPaymentPage(channel.runtime, token)).toEqual({ status: "expired" });
    expect(channel.graph.takeCalls()).toEqual([]);
  });
});

describe("payment input on Telegram", () => {
  it("is an inline button opening the pay page; the paid flow goes on in the chat", async () => {
    clock = new Date();
    const bot = await createTelegramBot(createPaymentFlow(messagingOn()));
    const chatId = 4242;
    channel.botApi.takeCalls();
    await send(telegramWebhookRequest(bot, telegramTextUpdate(chatId, "hi")));
    const calls = channel.botApi.takeCalls();
    const last = calls.at(-1)?.body as
      | { reply_markup?: { inline_keyboard?: { url?: string }[][] } }
      | undefined;
    const keyboard = last?.reply_markup?.inline_keyboard;
    const url = keyboard?.[0]?.[0]?.url ?? "";
    const { token } = readPayLink(url);
    expect(calls).toEqual([
      expectedCall("sendMessage", { chat_id: String(chatId), text: "Hello!" }),
      expectedCall("sendMessage", {
        chat_id: String(chatId),
        text: "A payment of €12.50 is due. Pay with this link:",
        reply_markup: { inline_keyboard: [[{ text: "Pay €12.50", url }]] },
      }),
    ]);

    await send(telegramWebhookRequest(bot, telegramTextUpdate(chatId, "ok")));
    expect(channel.botApi.takeCalls()[0]).toEqual(
      expectedCall("sendMessage", { chat_id: String(chatId), text: "Payment failed. Please, try again." }),
    );

    // The payer paid the intent the link names (Stripe.js confirmed it in their browser).
    const paymentIntentId = JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8"))
      .paymentIntentId as string;
    channel.stripe.setStatus(paymentIntentId, "succeeded");
    expect(await confirm(token)).toMatchObject({ status: 200, body: { status: "confirmed" } });
    expect(channel.botApi.takeCalls()).toEqual([
      expectedCall("sendMessage", { chat_id: String(chatId), text: "Thanks for paying." }),
    ]);
  });
});
