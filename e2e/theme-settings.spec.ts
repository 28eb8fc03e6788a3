import { createBot, expect, getBot, test } from "./support/fixtures";

test("theme edits show in the live preview at once and are saved", async ({ page, user }) => {
  const bot = await createBot(page.request, user.workspaceId, { name: "Themed bot" });
  await page.goto(`/bots/${bot.id}/theme`);
  const preview = page.getByTestId("theme-preview");
  const hostBubble = preview.getByTestId("host-bubble").first();
  await expect(hostBubble).toContainText("This is how your bot looks");

  const bubbles = page.getByRole("region", { name: "Bot bubbles" });
  await bubbles.getByLabel("Background", { exact: true }).fill("#FFEEAA");
  await bubbles.getByLabel("Text", { exact: true }).fill("#112233");
  await bubbles.getByRole("radio", { name: "Large" }).click();
  await expect(hostBubble).toHaveCSS("background-color", "rgb(255, 238, 170)");
  await expect(hostBubble).toHaveCSS("color", "rgb(17, 34, 51)");

  await page.getByRole("button", { name: "Custom CSS" }).click();
  await page.getByRole("textbox", { name: "Custom CSS" }).fill(".parley-host-bubble { font-style: italic; }");
  await expect(hostBubble).toHaveCSS("font-style", "italic");

  await page.getByRole("button", { name: "Progress bar" }).click();
  await page.getByRole("switch", { name: "Show a progress bar" }).click();
  await expect(preview.getByRole("progressbar", { name: "Progress" })).toBeVisible();

  await expect(page.getByTestId("save-status")).toContainText("Saved");
  const saved = await getBot(page.request, bot.id);
  expect(saved.theme.chat?.hostBubbles).toMatchObject({
    backgroundColor: "#FFEEAA",
    color: "#112233",
    border: { roundeness: "large" },
  });
  expect(saved.theme.customCss).toBe(".parley-host-bubble { font-style: italic; }");
  expect(saved.theme.general?.progressBar?.isEnabled).toBe(true);

  await page.reload();
  await expect(
    page.getByRole("region", { name: "Bot bubbles" }).getByLabel("Background", { exact: true }),
  ).toHaveValue("#FFEEAA");
  await expect(page.getByTestId("theme-preview").getByTestId("host-bubble").first()).toHaveCSS(
    "background-color",
    "rgb(255, 238, 170)",
  );

  await page.getByRole("button", { name: "Reset" }).click();
  await page.getByRole("button", { name: "Reset theme" }).click();
  await expect(page.getByTestId("theme-preview").getByTestId("host-bubble").first()).not.toHaveCSS(
    "background-color",
    "rgb(255, 238, 170)",
  );
  await expect(page.getByTestId("save-status")).toContainText("Saved");
  expect((await getBot(page.request, bot.id)).theme.customCss).toBe("");
});

test("settings are saved and survive a reload", async ({ page, user }) => {
  const bot = await createBot(page.request, user.workspaceId, { name: "Settings bot" });
  await page.goto(`/bots/${bot.id}/settings`);

  await page.getByRole("switch", { name: "Remember the user" }).click();
  await page.getByRole("radio", { name: "This browser (local)" }).click();
  await page.getByLabel("Speed").fill("250");
  await page.getByLabel("Page title").fill("Talk to Acme");
  await page.getByRole("switch", { name: "Allow search engines to index the share page" }).click();

  const origins = page.getByLabel("Allowed origins");
  await origins.fill("shop.example.com/path");
  await page.getByRole("button", { name: "Add origin" }).click();
  await expect(page.getByText("Enter an origin such as https://www.example.com (no path).")).toBeVisible();
  await origins.fill("https://Shop.Example.com");
  await page.getByRole("button", { name: "Add origin" }).click();
  await expect(page.getByRole("list", { name: "Allowed origins" })).toContainText("https://shop.example.com");

  await page.getByLabel("Invalid answer").fill("Hmm, that does not look right. Try again?");
  await expect(page.getByTestId("save-status")).toContainText("Saved");

  const saved = await getBot(page.request, bot.id);
  expect(saved.settings).toMatchObject({
    general: {
      rememberUser: { isEnabled: true, storage: "local" },
      systemMessages: { invalidMessage: "Hmm, that does not look right. Try again?" },
    },
    typingEmulation: { speed: 250 },
    metadata: { title: "Talk to Acme", allowIndexing: true },
    security: { allowedOrigins: ["https://shop.example.com"] },
  });

  await page.reload();
  await expect(page.getByLabel("Speed")).toHaveValue("250");
  await expect(page.getByLabel("Page title")).toHaveValue("Talk to Acme");
  await expect(page.getByRole("switch", { name: "Remember the user" })).toBeChecked();
});
