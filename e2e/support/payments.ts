import type { APIRequestContext, Page, Route } from "@playwright/test";
import { startLocalStripeApi } from "../../packages/chat/src/testing/startLocalStripeApi";
import everyInputBot from "../fixtures/every-input-bot.json" with { type: "json" };
import { createApiToken, createPublishedBot } from "./bots";
import { expect } from "./fixtures";

/** The workspace's own Stripe keys, stored as `stripe` credentials (not the server's STRIPE_SECRET_KEY). */
export const workspaceStripeKeys = { secretKey: "sk_test_workspace_e2e", publicKey: "pk_test_workspace_e2e" };

/** Stores `workspaceStripeKeys` as the workspace's `stripe` credentials (POST /api/v1/credentials); their id. */
export async function createStripeCredentials(
  request: APIRequestContext,
  workspaceId: string,
): Promise<string> {
  const token = await createApiToken(request);
  const created = await request.post("/api/v1/credentials", {
    headers: { Authorization: `Bearer ${token}` },
    data: { workspaceId, credentials: { type: "stripe", name: "Shop", data: { live: workspaceStripeKeys } } },
  });
  if (!created.ok()) throw new Error(`create credentials: ${created.status()} ${await created.text()}`);
  return ((await created.json()) as { credentials: { id: string } }).credentials.id;
}

/** The every-input bot, published, its payment input paying with Stripe credentials of the workspace. */
export async function createEveryInputBotWithPayment(request: APIRequestContext, workspaceId: string) {
  const credentialsId = await createStripeCredentials(request, workspaceId);
  const bot = structuredClone(everyInputBot);
  const blocks = bot.groups.flatMap(
    (group) => group.blocks as unknown as { type: string; options?: object }[],
  );
  for (const block of blocks) {
    if (block.type === "payment input") block.options = { ...block.options, credentialsId };
  }
  return createPublishedBot(request, workspaceId, bot);
}

/**
 * Runs `reachPayment` (the answer that brings the chat to its payment input) with the local Stripe API
 * up on the port the apps call (E2E_STRIPE_PORT), and checks the runtime created the PaymentIntent
 * there with the workspace's secret key. The port is held only that long: other specs take turns on it,
 * and it takes no key but the workspace's, so no other spec's payment input is served meanwhile.
 */
export async function reachPaymentWithLocalStripe(reachPayment: () => Promise<void>) {
  const stripe = await startLocalStripeApi({
    port: Number(process.env.E2E_STRIPE_PORT),
    secretKeys: [workspaceStripeKeys.secretKey],
  });
  try {
    await reachPayment();
    expect(stripe.takeCalls().map((call) => [call.method, call.path, call.authorization, call.form])).toEqual(
      [
        [
          "POST",
          "/v1/payment_intents",
          `Bearer ${workspaceStripeKeys.secretKey}`,
          { amount: "1000", currency: "eur", "automatic_payment_methods[enabled]": "true" },
        ],
      ],
    );
  } finally {
    await stripe.close();
  }
}

/**
 * Stripe.js cannot load on this offline machine, and a test must not depend on the internet: each request
 * for it is held until `failHeld()` fails it as a disconnected network does. Nothing stands in for Stripe.js.
 */
export async function holdStripeJs(page: Page) {
  const held: Route[] = [];
  let requested = 0;
  await page.route("https://js.stripe.com/**", (route) => {
    requested += 1;
    held.push(route);
  });
  return {
    /** How many times the page asked for Stripe.js. */
    requested: () => requested,
    failHeld: async () => {
      for (const route of held.splice(0)) await route.abort("internetdisconnected");
    },
  };
}
