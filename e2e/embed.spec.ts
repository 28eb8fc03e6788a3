import type { Page } from "@playwright/test";
import embedBot from "./fixtures/embed-bot.json" with { type: "json" };
import { createPublishedBot, readChatKey } from "./support/bots";
import { expect, test } from "./support/fixtures";
import { serveHostPage } from "./support/hostPage";

async function chatToTheEnd(page: Page) {
  await expect(page.getByText("Hello from the embed!")).toBeVisible();
  await page.getByLabel("Your name").fill("Linus");
  await page.getByLabel("Your name").press("Enter");
  await expect(page.getByText("Thanks Linus. Shall we talk?")).toBeVisible();
  await page.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("All done, Linus!")).toBeVisible();
}

test("/embed.js in popup mode completes a chat on another origin", async ({ page, user }) => {
  const { botId, publicId, token } = await createPublishedBot(page.request, user.workspaceId, embedBot);
  const chatKey = await readChatKey(page.request, botId, token);
  const { url, server } = await serveHostPage(
    `Parley.initPopup({ publicId: ${JSON.stringify(publicId)}, chatKey: ${JSON.stringify(chatKey)} });`,
  );
  try {
    await page.goto(url);
    await expect(page.getByRole("dialog", { name: "Chat" })).toHaveCount(0);
    await page.evaluate(() => (window as unknown as { Parley: { open(): void } }).Parley.open());
    await expect(page.getByRole("dialog", { name: "Chat" })).toBeVisible();
    await chatToTheEnd(page);
    await page.getByRole("button", { name: "Close chat" }).click();
    await expect(page.getByRole("dialog", { name: "Chat" })).toHaveCount(0);
  } finally {
    server.close();
  }
});

test("/embed.js in bubble mode completes a chat on another origin", async ({ page, user }) => {
  const { botId, publicId, token } = await createPublishedBot(page.request, user.workspaceId, embedBot);
  const chatKey = await readChatKey(page.request, botId, token);
  const { url, server } = await serveHostPage(
    `Parley.initBubble({ publicId: ${JSON.stringify(publicId)}, chatKey: ${JSON.stringify(chatKey)},
      previewMessage: { message: "Need a hand?" } });`,
  );
  try {
    await page.goto(url);
    await expect(page.getByRole("button", { name: "Need a hand?" })).toBeVisible();
    await page.getByRole("button", { name: "Open chat" }).click();
    await chatToTheEnd(page);
    // The host page's button style never reaches the widget (shadow root).
    const background = await page
      .getByRole("button", { name: "Yes" })
      .or(page.getByRole("button", { name: "Close chat" }))
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe("rgb(255, 0, 0)");
  } finally {
    server.close();
  }
});
