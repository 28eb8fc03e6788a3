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

test("a remembered chat reloaded while it waits at a Webhook block polls again and shows what follows", async ({
  page,
  user,
}) => {
  const { publicId, token } = await createPublishedBot(page.request, user.workspaceId, {
    ...listenBot,
    name: "Remembered payment listener",
    settings: { general: { rememberUser: { isEnabled: true } } },
  });
  const startChats: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(`/bots/${publicId}/startChat`)) startChats.push(request.url());
  });
  const isListenPoll = (url: string) => url.includes("/listenForWebhook/");
  const started = page.waitForResponse((response) => response.url().endsWith(`/bots/${publicId}/startChat`));
  const firstPoll = page.waitForRequest((request) => isListenPoll(request.url()));
  await page.goto(`${viewerUrl}/${publicId}`);
  const { resultId } = (await (await started).json()) as { resultId: string };
  await expect(host(page, "Waiting for your payment…")).toBeVisible();
  await firstPoll;

  // Reloaded while waiting: the remembered chat is shown again and polls again, without a new chat.
  const pollAfterReload = page.waitForRequest((request) => isListenPoll(request.url()));
  await page.reload();
  await pollAfterReload;
  await expect(host(page, "Waiting for your payment…")).toHaveCount(1);
  expect(startChats).toHaveLength(1);

  const called = await page.request.post(
    `${viewerUrl}/api/v1/bots/${publicId}/blocks/b-listen/results/${resultId}/executeWebhook`,
    { headers: { Authorization: `Bearer ${token}` }, data: { order: { id: "B-42" } } },
  );
  expect(called.status()).toBe(200);

  // The reloaded page learns of the call through its poll: no second reload, nothing typed.
  await expect(host(page, "Order B-42 confirmed")).toBeVisible();
  await page.getByPlaceholder("Your note").fill("Paid twice?");
  await page.getByPlaceholder("Your note").press("Enter");
  await expect(page.getByTestId("guest-bubble").filter({ hasText: "Paid twice?" })).toBeVisible();
  expect(startChats).toHaveLength(1);
});

test("the Webhook block's settings listen for a test call and show its body and paths", async ({
  page,
  user,
}) => {
  const { botId, token } = await createPublishedBot(page.request, user.workspaceId, listenBot);
  await page.goto(`/bots/${botId}/edit`);
  await page.locator('[data-block-id="b-listen"]').click();
  const panel = page.getByTestId("block-settings");
  // The default timeout shows as the field's placeholder.
  await expect(panel.getByLabel("Go on without the call after (minutes)")).toHaveAttribute(
    "placeholder",
    "10",
  );
  await panel.getByRole("button", { name: "Listen for a test call" }).click();
  const url = await panel.getByTestId("webhook-test-url").textContent();
  expect(url).toMatch(new RegExp(`/api/v1/bots/${botId}/blocks/b-listen/executeTestWebhook$`));
  await expect(panel.getByText("Waiting for a call…")).toBeVisible();

  const called = await page.request.post(url ?? "", {
    headers: { Authorization: `Bearer ${token}` },
    data: { order: { id: "T-1", paid: true } },
  });
  expect(called.status()).toBe(200);
  const testCall = panel.getByTestId("webhook-test-call");
  await expect(testCall).toContainText('"id": "T-1"');
  await expect(testCall).toContainText("Paths for the mapping: data.order.id, data.order.paid");
});
