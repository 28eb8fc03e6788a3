import embedBot from "./fixtures/embed-bot.json" with { type: "json" };
import { createPublishedBot, viewerUrl } from "./support/bots";
import { expect, getBot, test } from "./support/fixtures";

// The Midnight template of the gallery (packages/schemas/src/bot/themeTemplates.ts).
const midnightHostBubble = "rgb(31, 41, 55)"; // #1F2937
const midnightButton = "rgb(99, 102, 241)"; // #6366F1
const editedHostText = "rgb(250, 204, 21)"; // #FACC15

test("a gallery template applies to the previews and, once published, to the share page; hand edits keep it chosen", async ({
  page,
  user,
}) => {
  const bot = await createPublishedBot(page.request, user.workspaceId, embedBot);
  await page.goto(`/bots/${bot.botId}/theme`);
  const gallery = page.getByRole("list", { name: "Gallery" });
  await expect(gallery.getByRole("button")).toHaveCount(10);
  await gallery.getByRole("button", { name: "Midnight" }).click();
  await expect(gallery.getByRole("button", { name: "Midnight" })).toHaveAttribute("aria-pressed", "true");
  const preview = page.getByTestId("theme-preview");
  await expect(preview.getByTestId("host-bubble").first()).toHaveCSS("background-color", midnightHostBubble);
  await expect(page.getByTestId("save-status")).toContainText("Saved");
  await expect
    .poll(async () => (await getBot(page.request, bot.botId)).selectedThemeTemplateId)
    .toBe("builtin-midnight");
  expect((await getBot(page.request, bot.botId)).theme.chat?.hostBubbles?.backgroundColor).toBe("#1F2937");

  // Edited by hand afterwards: the template stays recorded and marked (as in Typebot), the edit is kept.
  await page.getByRole("region", { name: "Bot bubbles" }).getByLabel("Text", { exact: true }).fill("#FACC15");
  await expect(preview.getByTestId("host-bubble").first()).toHaveCSS("color", editedHostText);
  await expect(page.getByTestId("save-status")).toContainText("Saved");
  await expect
    .poll(async () => (await getBot(page.request, bot.botId)).theme.chat?.hostBubbles?.color)
    .toBe("#FACC15");
  expect((await getBot(page.request, bot.botId)).selectedThemeTemplateId).toBe("builtin-midnight");
  await page.reload();
  await expect(
    page.getByRole("list", { name: "Gallery" }).getByRole("button", { name: "Midnight" }),
  ).toHaveAttribute("aria-pressed", "true");

  // The flow editor's preview chats with the draft in that theme.
  await page.goto(`/bots/${bot.botId}/edit`);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const editorPreview = page.getByTestId("preview-drawer").getByTestId("host-bubble").first();
  await expect(editorPreview).toHaveCSS("background-color", midnightHostBubble);
  await expect(editorPreview).toHaveCSS("color", editedHostText);

  const published = await page.request.post(`/api/v1/bots/${bot.botId}/publish`, {
    headers: { Authorization: `Bearer ${bot.token}` },
  });
  expect(published.ok()).toBe(true);
  const visitor = await page.context().newPage();
  await visitor.goto(`${viewerUrl}/${bot.publicId}`);
  const shared = visitor.getByTestId("host-bubble").first();
  await expect(shared).toHaveCSS("background-color", midnightHostBubble);
  await expect(shared).toHaveCSS("color", editedHostText);
  await visitor.getByPlaceholder("Your name").fill("Ada");
  await visitor.getByPlaceholder("Your name").press("Enter");
  await expect(visitor.getByTestId("guest-bubble").first()).toHaveCSS("background-color", midnightButton);
});

test("the current theme is saved as a workspace template, applied to another bot, then deleted", async ({
  page,
  user,
}) => {
  const first = await createPublishedBot(page.request, user.workspaceId, embedBot);
  await page.goto(`/bots/${first.botId}/theme`);
  const bubbles = page.getByRole("region", { name: "Bot bubbles" });
  await bubbles.getByLabel("Background", { exact: true }).fill("#FFEEAA");
  await expect(page.getByTestId("save-status")).toContainText("Saved");
  await page.getByLabel("Template name").fill("Our brand");
  await page.getByRole("button", { name: "Save current theme as template" }).click();
  const own = page.getByRole("list", { name: "Your templates" });
  await expect(own.getByRole("button", { name: "Our brand", exact: true })).toBeVisible();

  const second = await createPublishedBot(page.request, user.workspaceId, embedBot);
  await page.goto(`/bots/${second.botId}/theme`);
  await page
    .getByRole("list", { name: "Your templates" })
    .getByRole("button", { name: "Our brand", exact: true })
    .click();
  await expect(page.getByTestId("theme-preview").getByTestId("host-bubble").first()).toHaveCSS(
    "background-color",
    "rgb(255, 238, 170)",
  );
  await expect(page.getByTestId("save-status")).toContainText("Saved");
  const applied = await getBot(page.request, second.botId);
  expect(applied.theme.chat?.hostBubbles?.backgroundColor).toBe("#FFEEAA");
  expect(applied.selectedThemeTemplateId).not.toBeNull();

  await page.getByRole("button", { name: "Delete Our brand" }).click();
  await page.getByRole("button", { name: "Delete template" }).click();
  await expect(page.getByRole("list", { name: "Your templates" })).toHaveCount(0);
  await expect(page.getByText("None yet: save the current theme below.")).toBeVisible();
  await expect
    .poll(async () => (await getBot(page.request, second.botId)).selectedThemeTemplateId)
    .toBeNull();
  expect((await getBot(page.request, second.botId)).theme.chat?.hostBubbles?.backgroundColor).toBe("#FFEEAA");
});
