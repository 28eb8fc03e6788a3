// What Stripe receives for a payment input (issue 21, item 11): amounts in the currency's minor unit by
// Stripe's rules (three-decimal currencies in thousandths ending in 0, zero-decimal ones in whole units,
// ISK in whole krónur), and an Idempotency-Key naming the payment, the same when it is asked again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  readResponse,
} from "../../testing/chatFixtures";
import { startLocalStripeApi } from "../../testing/startLocalStripeApi";
import { createPaymentFlow } from "../../testing/testFlows";
import { createPortServices } from "./createPortServices";
import { createStripePaymentIntent } from "./createStripePaymentIntent";

let stripe: Awaited<ReturnType<typeof startLocalStripeApi>>;
beforeAll(async () => {
  stripe = await startLocalStripeApi();
});
afterAll(() => stripe.close());

const keys = () => ({ secretKey: stripe.secretKey, publicKey: stripe.publicKey });
const payment = (amount: string, currency: string, visit = 1) => ({
  workspaceId: "w1",
  blockId: "pay",
  isPreview: false,
  credentialsId: null,
  provider: "Stripe",
  amount,
  currency,
  idempotency: { resultId: "r1", blockId: "pay", visit },
});
const create = (request: ReturnType<typeof payment>) =>
  createStripePaymentIntent(keys(), request, new AbortController().signal, stripe.url);

describe("the payment intent Stripe receives", () => {
  it.each([
    ["1.234", "KWD", "1230", "KWD 1.230"],
    ["12.5", "BHD", "12500", "BHD 12.500"],
    ["3.005", "JOD", "3010", "JOD 3.010"],
    ["0.75", "OMR", "750", "OMR 0.750"],
    ["20", "TND", "20000", "TND 20.000"],
    ["500", "JPY", "500", "¥500"],
    ["40.10", "ISK", "4000", "ISK 40"],
    ["12,50", "EUR", "1250", "€12.50"],
    ["1.005", "USD", "101", "$1.01"],
  ])("%s %s goes as amount %s, shown as %s", async (amount, currency, sent, label) => {
    stripe.takeCalls();
    const created = await create(payment(amount, currency));
    // Intl puts a no-break space between a currency code and the number.
    expect(created.ok && created.runtimeOptions.amountLabel.replace(/\u00a0/g, " ")).toBe(label);
    const [call] = stripe.takeCalls();
    expect(call?.form).toMatchObject({ amount: sent, currency: currency.toLowerCase() });
  });

  it("carries an Idempotency-Key: the same payment asked again gets the same key and Stripe's first intent", async () => {
    stripe.takeCalls();
    const first = await create(payment("1.234", "KWD"));
    const again = await create(payment("1.234", "KWD"));
    const nextVisit = await create(payment("1.234", "KWD", 2));
    const calls = stripe.takeCalls();
    expect(calls).toHaveLength(3);
    const [key, retriedKey, nextKey] = calls.map((call) => call.idempotencyKey);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retriedKey).toBe(key);
    expect(nextKey).not.toBe(key);
    const secretOf = (created: typeof first) =>
      created.ok ? created.runtimeOptions.paymentIntentSecret : "";
    expect(secretOf(again)).toBe(secretOf(first));
    expect(secretOf(nextVisit)).not.toBe(secretOf(first));
  });

  it("from a chat: each showing of the payment input is its own payment, with its own key", async () => {
    const flow = createPaymentFlow();
    (flow.groups[0] as { blocks: { options?: object }[] }).blocks[1] = {
      ...(flow.groups[0] as { blocks: object[] }).blocks[1],
      options: { amount: "1.234", currency: "KWD" },
    };
    const bot = await createPublishedTestBot(flow);
    const { chat } = createTestChat({
      services: createPortServices({ stripeKeys: keys(), stripeApiUrl: stripe.url }),
    });
    stripe.takeCalls();
    const started = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(started.body.input.runtimeOptions.amountLabel.replace(/\u00a0/g, " ")).toBe("KWD 1.230");
    // The payer's card was declined: the input is shown again, for a new payment.
    const failed = await readResponse(
      await chat(
        chatRequest(`/sessions/${started.body.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: { type: "text", text: "fail" } },
        }),
      ),
    );
    expect(failed.status).toBe(200);
    const calls = stripe.takeCalls().filter((call) => call.method === "POST");
    expect(calls.map((call) => call.form.amount)).toEqual(["1230", "1230"]);
    expect(calls.every((call) => typeof call.idempotencyKey === "string")).toBe(true);
    expect(calls[0]?.idempotencyKey).not.toBe(calls[1]?.idempotencyKey);
  });
});
