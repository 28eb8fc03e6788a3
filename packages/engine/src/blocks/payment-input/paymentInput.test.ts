import { describe, expect, it } from "vitest";
import { continueChat } from "../../chat/continueChat";
import type { PaymentIntentRequest } from "../../ports";
import { createFlow, createTestPorts, getMessageTexts, startTestChat, textBlock } from "../../testing";

const flow = createFlow({
  variables: [{ id: "price", name: "Price", value: "12.50" }],
  groups: [
    {
      id: "g",
      title: "Pay",
      blocks: [
        {
          id: "pay",
          type: "payment input",
          options: { amount: "{{Price}}", currency: "EUR", credentialsId: "cred" },
        },
        textBlock("t", "Thanks"),
      ],
    },
  ],
});

describe("payment input", () => {
  it("creates the payment intent through the port and shows the runtime options", async () => {
    const requests: PaymentIntentRequest[] = [];
    const ports = createTestPorts({
      createPaymentIntent: async (request) => {
        requests.push(request);
        return {
          ok: true,
          runtimeOptions: { paymentIntentSecret: "pi_secret", amountLabel: "€12.50", publicKey: "pk" },
        };
      },
    });
    const chat = await startTestChat(flow, { ports });
    expect(requests[0]).toMatchObject({
      amount: "12.50",
      currency: "EUR",
      credentialsId: "cred",
      provider: "Stripe",
    });
    expect(chat.outcome.response.input?.runtimeOptions).toEqual({
      paymentIntentSecret: "pi_secret",
      amountLabel: "€12.50",
      publicKey: "pk",
    });
    const failed = await chat.send("fail");
    expect(getMessageTexts(failed)).toEqual(["Payment failed. Please, try again."]);
    expect(getMessageTexts(await chat.send("Success"))).toEqual(["Thanks"]);
  });

  it("on a messaging channel, only the payment the server verified passes the input", async () => {
    let created = 0;
    const ports = createTestPorts({
      createPaymentIntent: async (request) => {
        created += 1;
        expect(request.blockId).toBe("pay");
        return {
          ok: true,
          runtimeOptions: {
            paymentIntentSecret: `pi_${created}_secret`,
            amountLabel: "€12.50",
            publicKey: "pk",
          },
        };
      },
    });
    const chat = await startTestChat(flow, { ports, isOnMessagingChannel: true });
    expect(chat.outcome.state.isOnMessagingChannel).toBe(true);
    const typed = await chat.send("Success");
    expect(getMessageTexts(typed)).toEqual(["Payment failed. Please, try again."]);
    expect(typed.response.input?.id).toBe("pay");
    expect(typed.newAnswers).toEqual([]);
    const request = { flow, state: chat.outcome.state, textBubbleContentFormat: "richText" as const };
    const message = { type: "text" as const, text: "pi_2" };
    const otherBlock = await continueChat({ ...request, message, verifiedPaymentBlockId: "other" }, ports);
    expect(otherBlock.response.input?.id).toBe("pay");
    const paid = await continueChat({ ...request, message, verifiedPaymentBlockId: "pay" }, ports);
    expect(getMessageTexts(paid)).toEqual(["Thanks"]);
    expect(paid.newAnswers.map((answer) => answer.content)).toEqual(["Success"]);
  });

  it("logs a configuration error and goes on without a payment port", async () => {
    const chat = await startTestChat(flow);
    expect(chat.outcome.response.logs[0]?.description).toBe(
      "Payments are not configured on this server; skipped",
    );
    expect(getMessageTexts(chat.outcome)).toEqual(["Thanks"]);
  });
});
