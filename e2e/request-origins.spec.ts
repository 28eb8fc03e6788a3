import type { Page } from "@playwright/test";
import embedBot from "./fixtures/embed-bot.json" with { type: "json" };
import { createPublishedBot, readChatKey, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";
import { serveHostPage } from "./support/hostPage";

// No third party by default: a chat reaches the viewer (and the embedding site) only.

/** Every network request the page makes from now on (data: and blob: URLs are not requests). */
function recordRequests(page: Page): URL[] {
  const requests: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "http:" || url.protocol === "https:") requests.push(url);
  });
  return requests;
}

async function chatToTheEnd(page: Page) {
  await page.getByLabel("Your name").fill("Linus");
  await page.getByLabel("Your name").press("Enter");
  await page.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("All done, Linus!")).toBeVisible();
}

const origins = (requests: URL[]) => [...new Set(requests.map((url) => url.origin))].sort();

test("a share page requests only the viewer, its font included", async ({ page, user }) => {
  const { publicId } = await createPublishedBot(page.request, user.workspaceId, {
    ...embedBot,
    theme: { general: { font: "Open Sans" } },
  });
  const requests = recordRequests(page);
  await page.goto(`${viewerUrl}/${publicId}`);
  await chatToTheEnd(page);
  // The theme's font came from the viewer and is in use.
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Open Sans"'))).toBe(true);
  expect(requests.map((url) => url.pathname)).toContain("/fonts/open-sans.css");
  // One chat: the page's early startChat is the one the widget uses.
  expect(requests.filter((url) => url.pathname.endsWith("/startChat"))).toHaveLength(1);
  expect(requests.some((url) => /^\/fonts\/open-sans-latin-400-normal\.woff2$/.test(url.pathname))).toBe(
    true,
  );
  expect(origins(requests)).toEqual([new URL(viewerUrl).origin]);
});

test("an embed requests only the viewer and the site it is on", async ({ page, user }) => {
  const { botId, publicId, token } = await createPublishedBot(page.request, user.workspaceId, embedBot);
  const chatKey = await readChatKey(page.request, botId, token);
  const { url, server } = await serveHostPage(
    `Parley.initBubble({ publicId: ${JSON.stringify(publicId)}, chatKey: ${JSON.stringify(chatKey)} });`,
  );
  try {
    const requests = recordRequests(page);
    await page.goto(url);
    await page.getByRole("button", { name: "Open chat" }).click();
    await chatToTheEnd(page);
    // The default theme's font (Inter) is one of the included fonts.
    expect(requests.map((request) => request.pathname)).toContain("/fonts/inter.css");
    expect(origins(requests)).toEqual([new URL(url).origin, new URL(viewerUrl).origin].sort());
  } finally {
    server.close();
  }
});

test("a Google font outside the included set is requested from Google only because the author picked it", async ({
  page,
  user,
}) => {
  const { publicId } = await createPublishedBot(page.request, user.workspaceId, {
    ...embedBot,
    theme: { general: { font: { type: "Google", family: "Comic Neue" } } },
  });
  // Answered here (this machine has no internet): what matters is what the browser asks for.
  await page.route("https://fonts.googleapis.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/css", body: "" }),
  );
  const requests = recordRequests(page);
  await page.goto(`${viewerUrl}/${publicId}`);
  await chatToTheEnd(page);
  expect(requests.map((url) => url.href)).toContain(
    "https://fonts.googleapis.com/css2?family=Comic%20Neue:wght@400;500;600;700&display=swap",
  );
  expect(origins(requests)).toEqual([new URL(viewerUrl).origin, "https://fonts.googleapis.com"].sort());
});
