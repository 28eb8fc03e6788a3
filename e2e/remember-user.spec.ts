import type { APIRequestContext, Page } from "@playwright/test";
import embedBot from "./fixtures/embed-bot.json" with { type: "json" };
import { createPublishedBot, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";

// "New result on refresh" and "Remember the user" on the share page (docs/chat-runtime.md, "Remembering a
// visitor"): a reload continues the chat only when one of them says so; a new tab only with local storage.

const greeting = (page: Page) => page.getByTestId("host-bubble").filter({ hasText: "Hello from the embed!" });
const thanks = (page: Page) =>
  page.getByTestId("host-bubble").filter({ hasText: "Thanks Ada. Shall we talk?" });
const guestAda = (page: Page) => page.getByTestId("guest-bubble").filter({ hasText: "Ada" });

async function publishWith(page: Page, workspaceId: string, general: Record<string, unknown>) {
  return createPublishedBot(page.request, workspaceId, {
    ...embedBot,
    settings: { ...embedBot.settings, general },
  });
}

async function answerName(page: Page, publicId: string) {
  await page.goto(`${viewerUrl}/${publicId}`);
  await expect(greeting(page)).toBeVisible();
  await page.getByPlaceholder("Your name").fill("Ada");
  await page.getByPlaceholder("Your name").press("Enter");
  await expect(thanks(page)).toBeVisible();
}

async function countResults(request: APIRequestContext, bot: { botId: string; token: string }) {
  const response = await request.get(`/api/v1/bots/${bot.botId}/results?timeFilter=allTime`, {
    headers: { Authorization: `Bearer ${bot.token}` },
  });
  return ((await response.json()) as { results: unknown[] }).results.length;
}

test("by default a reload starts a new chat and a new result", async ({ page, user }) => {
  const bot = await publishWith(page, user.workspaceId, {});
  await answerName(page, bot.publicId);
  await page.reload();
  await expect(greeting(page)).toHaveCount(1);
  await expect(page.getByPlaceholder("Your name")).toBeVisible();
  await expect(guestAda(page)).toHaveCount(0);
  await expect.poll(() => countResults(page.request, bot)).toBe(2);
});

test("with new result on refresh off, a reload continues the chat and its result; a new tab starts afresh", async ({
  page,
  user,
}) => {
  const bot = await publishWith(page, user.workspaceId, { isNewResultOnRefreshEnabled: false });
  await answerName(page, bot.publicId);
  await page.reload();
  await expect(guestAda(page)).toBeVisible();
  await expect(thanks(page)).toBeVisible();
  await page.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByTestId("guest-bubble").filter({ hasText: "Yes" })).toBeVisible();
  await expect.poll(() => countResults(page.request, bot)).toBe(1);

  const otherTab = await page.context().newPage();
  await otherTab.goto(`${viewerUrl}/${bot.publicId}`);
  await expect(greeting(otherTab)).toBeVisible();
  await expect(otherTab.getByPlaceholder("Your name")).toBeVisible();
  await expect(guestAda(otherTab)).toHaveCount(0);
});

test("remembering the user in this browser continues in a new tab, even with new result on refresh on", async ({
  page,
  user,
}) => {
  const bot = await publishWith(page, user.workspaceId, {
    isNewResultOnRefreshEnabled: true,
    rememberUser: { isEnabled: true, storage: "local" },
  });
  await answerName(page, bot.publicId);
  const otherTab = await page.context().newPage();
  await otherTab.goto(`${viewerUrl}/${bot.publicId}`);
  await expect(guestAda(otherTab)).toBeVisible();
  await expect(thanks(otherTab)).toBeVisible();
  await expect(otherTab.getByRole("button", { name: "Yes" })).toBeVisible();
  await expect.poll(() => countResults(page.request, bot)).toBe(1);
});

test("the settings page says a remembered user's reload continues the chat", async ({ page, user }) => {
  const bot = await publishWith(page, user.workspaceId, {});
  await page.goto(`/bots/${bot.botId}/settings`);
  const newResult = page.getByRole("switch", { name: "New result on refresh" });
  await expect(newResult).toBeChecked();
  await expect(newResult).toBeEnabled();
  await page.getByRole("switch", { name: "Remember the user" }).click();
  await expect(newResult).not.toBeChecked();
  await expect(newResult).toBeDisabled();
  await expect(page.getByText("A remembered visitor's reload continues the chat.")).toBeVisible();
});
