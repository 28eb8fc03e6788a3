import { callMutation, createBot, expect, getBot, test } from "./support/fixtures";

test("fonts: an included family is served by Parley; Google Fonts only after the author confirms", async ({
  page,
  user,
}) => {
  const bot = await createBot(page.request, user.workspaceId, { name: "Font bot" });
  const googleRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith("https://fonts.g")) googleRequests.push(request.url());
  });
  await page.route("https://fonts.googleapis.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/css", body: "" }),
  );
  await page.goto(`/bots/${bot.id}/theme`);
  const source = page.getByRole("radiogroup", { name: "Font source" });
  await expect(source.getByRole("radio", { name: "Included" })).toBeChecked();
  await page.getByLabel("Font family").selectOption("Playfair Display");
  await expect(page.getByTestId("theme-preview").getByTestId("host-bubble").first()).toHaveCSS(
    "font-family",
    /Playfair Display/,
  );
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Playfair Display"'))).toBe(true);
  await expect(page.getByTestId("save-status")).toContainText("Saved");
  expect((await getBot(page.request, bot.id)).theme.general?.font).toBe("Playfair Display");

  // Google Fonts asks first; cancelling keeps the included font.
  await source.getByRole("radio", { name: "Google Fonts" }).click();
  const confirm = page.getByRole("dialog", { name: "Load this bot's font from Google?" });
  await expect(confirm).toContainText("fonts.googleapis.com");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(source.getByRole("radio", { name: "Included" })).toBeChecked();
  expect(googleRequests).toEqual([]);

  await source.getByRole("radio", { name: "Google Fonts" }).click();
  await confirm.getByRole("button", { name: "Use Google Fonts" }).click();
  await page.getByLabel("Google font family").fill("Comic Neue");
  await expect(page.getByTestId("save-status")).toContainText("Saved");
  await expect
    .poll(async () => (await getBot(page.request, bot.id)).theme.general?.font)
    .toEqual({ type: "Google", family: "Comic Neue" });
  await expect.poll(() => googleRequests.some((url) => url.includes("family=Comic%20Neue"))).toBe(true);
});

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
  // Unset, the session expiry shows the install's one default (CHAT_SESSION_IDLE_HOURS), which applies.
  const expiry = page.getByLabel("Session expiry");
  await expect(expiry).toHaveValue("");
  await expect(expiry).toHaveAttribute("placeholder", "72 (default)");
  await expiry.fill("12");
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
    messaging: { sessionExpiryTimeout: 12 },
  });

  await page.reload();
  await expect(page.getByLabel("Speed")).toHaveValue("250");
  await expect(page.getByLabel("Page title")).toHaveValue("Talk to Acme");
  await expect(page.getByRole("switch", { name: "Remember the user" })).toBeChecked();
  await expect(page.getByLabel("Session expiry")).toHaveValue("12");
  await page.getByLabel("Session expiry").fill("");
  await expect(page.getByTestId("save-status")).toContainText("Saved");
  await expect
    .poll(async () => (await getBot(page.request, bot.id)).settings.messaging?.sessionExpiryTimeout)
    .toBeNull();
});

test("theme in two tabs: a save of another part is no conflict; one of the theme is reloaded or overwritten", async ({
  page,
  user,
}) => {
  const bot = await createBot(page.request, user.workspaceId, { name: "Two theme tabs" });
  const tabA = page;
  const tabB = await page.context().newPage();
  await tabA.goto(`/bots/${bot.id}/theme`);
  await tabB.goto(`/bots/${bot.id}/theme`);
  const bubbles = (tab: typeof page) => tab.getByRole("region", { name: "Bot bubbles" });
  const expectSaved = (tab: typeof page) =>
    expect(tab.getByTestId("save-status")).toHaveAttribute("data-status", "saved");

  // Someone saves the settings after both tabs read the bot: tab A's theme is still saved on top of it.
  await callMutation(page.request, "bots.updateBot", {
    botId: bot.id,
    bot: { settings: { typingEmulation: { speed: 123 } } },
  });
  await bubbles(tabA).getByLabel("Background", { exact: true }).fill("#FFEEAA");
  await expectSaved(tabA);
  let saved = await getBot(page.request, bot.id);
  expect(saved.theme.chat?.hostBubbles?.backgroundColor).toBe("#FFEEAA");
  expect(saved.settings.typingEmulation?.speed).toBe(123);

  // Tab B edits the theme it read before A's save: conflict, and B reloads A's version.
  await bubbles(tabB).getByLabel("Text", { exact: true }).fill("#112233");
  const conflictB = tabB.getByRole("dialog", { name: "The theme was changed elsewhere" });
  await expect(conflictB).toBeVisible();
  await expect(tabB.getByTestId("save-status")).toHaveAttribute("data-status", "conflict");
  await conflictB.getByRole("button", { name: "Reload their version" }).click();
  await expect(conflictB).toBeHidden();
  await expect(bubbles(tabB).getByLabel("Background", { exact: true })).toHaveValue("#FFEEAA");
  await bubbles(tabB).getByLabel("Text", { exact: true }).fill("#445566");
  await expectSaved(tabB);
  expect((await getBot(page.request, bot.id)).theme.chat?.hostBubbles).toMatchObject({
    backgroundColor: "#FFEEAA",
    color: "#445566",
  });

  // Now tab A is behind: its edit conflicts and it overwrites B's.
  await bubbles(tabA).getByLabel("Text", { exact: true }).fill("#778899");
  const conflictA = tabA.getByRole("dialog", { name: "The theme was changed elsewhere" });
  await expect(conflictA).toBeVisible();
  await conflictA.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(conflictA).toBeHidden();
  await expectSaved(tabA);
  saved = await getBot(page.request, bot.id);
  expect(saved.theme.chat?.hostBubbles).toMatchObject({ backgroundColor: "#FFEEAA", color: "#778899" });
});
