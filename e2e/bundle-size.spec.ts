import { gzipSync } from "node:zlib";
import embedBot from "./fixtures/embed-bot.json" with { type: "json" };
import { createPublishedBot, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";

// What a visitor downloads before the first bubble, gzip-compressed (docs/chat-runtime.md). The embed
// bundle's budget is also checked without a build, by packages/chat-widget/src/embed/embedSize.test.ts.
const embedBudgetBytes = 60 * 1024;
// The share page runs the same bundle (no framework runtime): its budget is the embed's.
const sharePageBudgetBytes = 60 * 1024;

test("embed.js and the share page's JavaScript stay within their budgets", async ({ page, user }) => {
  const embed = await page.request.get(`${viewerUrl}/embed.js`);
  expect(embed.ok()).toBe(true);
  const embedGzip = gzipSync(await embed.body()).byteLength;

  const { publicId } = await createPublishedBot(page.request, user.workspaceId, embedBot);
  const scripts = new Map<string, Promise<Buffer>>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.set(response.url(), response.body());
  });
  await page.goto(`${viewerUrl}/${publicId}`);
  await expect(page.getByText("Hello from the embed!")).toBeVisible();
  let sharePageGzip = 0;
  for (const [url, body] of scripts) {
    expect(new URL(url).origin).toBe(new URL(viewerUrl).origin);
    sharePageGzip += gzipSync(await body).byteLength;
  }
  console.log(
    `embed.js: ${(embedGzip / 1024).toFixed(1)} KB gzip (budget ${embedBudgetBytes / 1024} KB); ` +
      `share page: ${scripts.size} scripts, ${(sharePageGzip / 1024).toFixed(1)} KB gzip (budget ${sharePageBudgetBytes / 1024} KB)`,
  );
  expect(embedGzip).toBeLessThanOrEqual(embedBudgetBytes);
  expect(sharePageGzip).toBeLessThanOrEqual(sharePageBudgetBytes);
});
