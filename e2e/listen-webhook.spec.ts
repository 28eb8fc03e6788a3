import type { Page } from "@playwright/test";
import { createPublishedBot, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";

const host = (page: Page, text: string) => page.getByTestId("host-bubble").filter({ hasText: text });

/** Waits at a Webhook (listen) block whose call sets {{Order}}, then confirms and asks a note. */
const listenBot = {
  name: "Payment listener",
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g-main",
      title: "Main",
      graphCoordinates: { x: 200, y: 0 },
      blocks: [
        {
          id: "b-wait",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Waiting for your payment…" }] }] },
        },
        {
          id: "b-listen",
          type: "webhook",
          options: {
            responseVariableMapping: [{ id: "m-order", variableId: "v-order", bodyPath: "data.order.id" }],
          },
        },
        {
          id: "b-done",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Order {{Order}} confirmed" }] }] },
        },
        {
          id: "b-note",
          type: "text input",
          options: { variableId: "v-note", labels: { placeholder: "Your note" } },
        },
      ],
    },
  ],
  edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-main" } }],
  variables: [
    { id: "v-order", name: "Order" },
    { id: "v-note", name: "Note" },
  ],
};

test("a share page waiting at a Webhook block shows what follows once the webhook is called", async ({
  page,
  user,
}) => {
  const { publicId, token } = await createPublishedBot(page.request, user.workspaceId, listenBot);
  const started = page.waitForResponse((response) => response.url().endsWith(`/bots/${publicId}/startChat`));
  await page.goto(`${viewerUrl}/${publicId}`);
  const { resultId } = (await (await started).json()) as { resultId: string };
  await expect(host(page, "Waiting for your payment…")).toBeVisible();
  await expect(host(page, "confirmed")).toHaveCount(0);

  // The outside system (here the test) calls the block's URL with its API token.
  const called = await page.request.post(
    `${viewerUrl}/api/v1/bots/${publicId}/blocks/b-listen/results/${resultId}/executeWebhook`,
    { headers: { Authorization: `Bearer ${token}` }, data: { order: { id: "A-17" } } },
  );
  expect(called.status()).toBe(200);

  // The open page learns of it through its long poll: no reload.
  await expect(host(page, "Order A-17 confirmed")).toBeVisible();
  await page.getByPlaceholder("Your note").fill("Thanks");
  await page.getByPlaceholder("Your note").press("Enter");
  await expect(page.getByTestId("guest-bubble").filter({ hasText: "Thanks" })).toBeVisible();
});
