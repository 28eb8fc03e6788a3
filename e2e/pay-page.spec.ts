import { startLocalGraphApi } from "../packages/chat/src/testing/startLocalGraphApi";
import { startLocalStripeApi } from "../packages/chat/src/testing/startLocalStripeApi";
import {
  textMessage,
  whatsAppNotification,
  whatsAppSignature,
} from "../packages/chat/src/testing/whatsAppNotification";
import { connectMessagingAccount, createPublishedBot, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";
import { createStripeCredentials, holdStripeJs, workspaceStripeKeys } from "./support/payments";

const account = {
  systemUserAccessToken: "EAAG-e2e-token",
  phoneNumberId: "109876543210987",
  appSecret: "e2e-app-secret-0123456789",
  verifyToken: "e2e-verify-token",
};

const text = (id: string, value: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: value }] }] },
});

const paymentBot = (stripeCredentialsId: string) => ({
  name: "Coffee shop",
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g-1",
      title: "Order",
      graphCoordinates: { x: 200, y: 0 },
      blocks: [
        text("b-hello", "Hello!"),
        {
          id: "b-pay",
          type: "payment input",
          options: { amount: "12.50", currency: "EUR", credentialsId: stripeCredentialsId },
        },
        text("b-thanks", "Thanks for paying."),
      ],
    },
  ],
  edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-1" } }],
  settings: { messaging: { isEnabled: true }, typingEmulation: { enabled: false } },
});

// Stripe.js cannot load offline: this spec checks what the page renders without it (the amount, the
// bot, the pay button waiting for Stripe.js, then "Payment unavailable" with a retry, Stripe's intent
// read by the server); confirming is covered by the chat tests.
test("a WhatsApp payment link opens the pay page with the amount; a bad link gets a clear page", async ({
  page,
  user,
}) => {
  // Only the workspace's key is taken: no other spec's payment input is served meanwhile.
  const stripe = await startLocalStripeApi({
    port: Number(process.env.E2E_STRIPE_PORT),
    secretKeys: [workspaceStripeKeys.secretKey],
  });
  const graph = await startLocalGraphApi({ port: Number(process.env.E2E_GRAPH_API_PORT) });
  try {
    const stripeCredentialsId = await createStripeCredentials(page.request, user.workspaceId);
    const { botId, token } = await createPublishedBot(
      page.request,
      user.workspaceId,
      paymentBot(stripeCredentialsId),
    );
    const credentialsId = await connectMessagingAccount(page.request, {
      workspaceId: user.workspaceId,
      botId,
      token,
      credentials: { type: "whatsApp", name: "Shop", data: account },
    });

    const notification = JSON.stringify(
      whatsAppNotification("33612345678", textMessage("hi"), {
        id: "wamid.e2e-1",
        phoneNumberId: account.phoneNumberId,
      }),
    );
    const delivered = await page.request.post(
      `${viewerUrl}/api/v1/workspaces/${user.workspaceId}/whatsapp/${credentialsId}/webhook`,
      {
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": whatsAppSignature(notification, account.appSecret),
        },
        data: notification,
      },
    );
    expect(delivered.status()).toBe(200);

    const findLink = () =>
      graph.calls
        .map((call) => (call.body as { text?: { body?: string } } | null)?.text?.body ?? "")
        .find((body) => body.includes("/pay/"));
    await expect.poll(findLink).toMatch(/^A payment of €12\.50 is due\. Pay with this link:\n\S+\/pay\/\S+$/);
    const linkToken = findLink()?.split("/pay/")[1] ?? "";

    const stripeJs = await holdStripeJs(page);
    await page.goto(`${viewerUrl}/pay/${linkToken}`);
    await expect(page.getByText("Coffee shop")).toBeVisible();
    await expect(page.locator(".parley-payment-amount")).toHaveText("€12.50");
    await expect(page.getByRole("button", { name: "Pay €12.50" })).toBeDisabled();
    await expect.poll(stripeJs.requested).toBe(1);
    await stripeJs.failHeld();
    await expect(page.getByRole("alert").filter({ hasText: "Payment unavailable" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toBeFocused();
    // The page read the link's PaymentIntent from Stripe with the secret key of the block's credentials.
    const authorization = `Bearer ${workspaceStripeKeys.secretKey}`;
    expect(stripe.takeCalls().map((call) => [call.method, call.path, call.authorization])).toEqual([
      ["POST", "/v1/payment_intents", authorization],
      ["GET", "/v1/payment_intents/pi_local1", authorization],
    ]);

    await page.goto(`${viewerUrl}/pay/${linkToken.slice(0, -4)}AAAA`);
    await expect(page.getByRole("heading", { name: "This payment link is not valid" })).toBeVisible();
    await page.goto(`${viewerUrl}/pay/not-a-token`);
    await expect(page.getByRole("heading", { name: "This payment link is not valid" })).toBeVisible();
  } finally {
    await Promise.all([stripe.close(), graph.close()]);
  }
});
