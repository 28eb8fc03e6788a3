import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import embedBot from "./fixtures/embed-bot.json" with { type: "json" };
import { createPublishedBot, readChatKey, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";

/** A page of another site (its own origin) that loads /embed.js from the viewer and runs `script`. */
async function serveHostPage(script: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html><head><title>Another site</title></head><body>
<h1>Acme Inc.</h1><p>Our own page, with our own styles.</p>
<style>button{background:red}p{color:green}</style>
<script src="${viewerUrl}/embed.js"></script>
<script>${script}</script></body></html>`;
  const server = createServer((_, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

async function chatToTheEnd(page: Page) {
  await expect(page.getByText("Hello from the embed!")).toBeVisible();
  await page.getByLabel("Your name").fill("Linus");
  await page.getByLabel("Your name").press("Enter");
  await expect(page.getByText("Thanks Linus. Shall we talk?")).toBeVisible();
  await page.getByRole("radio", { name: "Yes" }).click();
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
      .getByRole("radio", { name: "Yes" })
      .or(page.getByRole("button", { name: "Close chat" }))
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe("rgb(255, 0, 0)");
  } finally {
    server.close();
  }
});
