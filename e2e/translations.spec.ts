import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { viewerUrl } from "./support/bots";
import { expectSaved, mod, openEditor } from "./support/editorPage";
import { createBot, expect, getBot, test } from "./support/fixtures";

const paragraph = (text: string) => [{ type: "p", children: [{ text }] }];

/** A one-language bot: a greeting, then a question whose placeholder the author wrote. */
const englishBot = {
  name: "Translated",
  events: [{ id: "start", type: "start", outgoingEdgeId: "e-start", graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: "g-1",
      title: "Start",
      graphCoordinates: { x: 0, y: 200 },
      blocks: [
        { id: "b-hello", type: "text", content: { richText: paragraph("Welcome!") } },
        {
          id: "b-name",
          type: "text input",
          options: { variableId: "v-name", labels: { placeholder: "Your name", button: "Send" } },
        },
      ],
    },
  ],
  edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-1" } }],
  variables: [{ id: "v-name", name: "Name" }],
  settings: { metadata: { title: "Translated" } },
};

const blockRow = (page: Page, blockId: string) =>
  page.locator(`[data-testid=block][data-block-id="${blockId}"]`);

test("translating a bot: a language added, a text translated on the canvas, XLIFF out and in, the preview, the share page", async ({
  page,
  browser,
  user,
}) => {
  // Five pages and a publish: 58 s against a production build on the 2-core machine, at the 60 s default's edge.
  test.setTimeout(180_000);
  const bot = await createBot(page.request, user.workspaceId, englishBot);

  // The Translations tab: French added.
  await page.goto(`/bots/${bot.id}/translations`);
  await page.getByLabel("Default language").fill("en");
  await page.getByLabel("Add a language").fill("fr");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("list", { name: "Other languages" })).toContainText("fr");
  await expectSaved(page);
  await expectNoAxeViolations(page, "the Translations tab with a language");

  // The canvas in French: untranslated texts show the English text, marked; the greeting translated in place.
  await openEditor(page, bot.id);
  const switcher = page.getByTestId("canvas-language");
  await switcher.getByLabel("Language").selectOption("fr");
  await expect(blockRow(page, "b-hello")).toContainText("Welcome!");
  await expect(blockRow(page, "b-hello").getByTestId("untranslated")).toHaveAttribute(
    "aria-label",
    "1 not translated: content.richText",
  );
  await expect(switcher.getByTestId("canvas-language-missing")).toHaveText("3 untranslated");
  await blockRow(page, "b-hello").click();
  const settings = page.getByTestId("block-settings");
  await expect(settings.getByTestId("translating-notice")).toContainText("French (fr)");
  await settings.getByTestId("rich-text-editor").click();
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.type("Bienvenue !");
  await expect(blockRow(page, "b-hello")).toContainText("Bienvenue !");
  await expect(blockRow(page, "b-hello").getByTestId("untranslated")).toHaveCount(0);
  await expect(switcher.getByTestId("canvas-language-missing")).toHaveText("2 untranslated");
  await expectNoAxeViolations(page, "the editor showing French with a block's settings");
  await page.getByRole("button", { name: "Close settings" }).click();
  // The default language is untouched.
  await switcher.getByLabel("Language").selectOption("");
  await expect(blockRow(page, "b-hello")).toContainText("Welcome!");
  await expect(blockRow(page, "b-hello").getByTestId("untranslated")).toHaveCount(0);
  await expectSaved(page);

  // XLIFF out, a translator's target added, XLIFF in.
  await page.goto(`/bots/${bot.id}/translations`);
  const downloaded = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export XLIFF" }).click();
  const download = await downloaded;
  const exported = await (await download.createReadStream()).toArray();
  const xliff = Buffer.concat(exported).toString("utf8");
  expect(xliff).toContain('<unit id="block:b-hello:content.richText">');
  expect(xliff).toContain("Bienvenue !");
  const edited = xliff.replace(
    /(<unit id="block:b-name:options\.labels\.placeholder">\s*(?:<notes>[\s\S]*?<\/notes>\s*)?(?:<originalData>[\s\S]*?<\/originalData>\s*)?<segment) state="initial">(\s*<source[^>]*>Your name<\/source>)/,
    '$1 state="final">$2<target xml:space="preserve">Votre nom</target>',
  );
  expect(edited).not.toBe(xliff);
  await page.getByLabel("Translation file for fr (XLIFF or CSV)").setInputFiles({
    name: "translated-fr.xlf",
    mimeType: "application/xliff+xml",
    buffer: Buffer.from(edited, "utf8"),
  });
  await expect(page.getByText(/Imported translated-fr\.xlf/)).toBeVisible();

  // The editor's page arrives without the translations' texts; the canvas loads them when it shows French.
  const editPage = await page.request.get(`/bots/${bot.id}/edit`);
  expect(await editPage.text()).toContain("Welcome!");
  expect(await editPage.text()).not.toContain("Bienvenue");
  await openEditor(page, bot.id);
  await switcher.getByLabel("Language").selectOption("fr");
  await expect(blockRow(page, "b-hello")).toContainText("Bienvenue !");
  await expect(switcher.getByTestId("canvas-language-missing")).toHaveText("1 untranslated");
  await switcher.getByLabel("Language").selectOption("");
  await expect(blockRow(page, "b-hello")).toContainText("Welcome!");

  // The preview in French.
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByTestId("preview-drawer");
  await preview.getByLabel("Preview language").selectOption("fr");
  await expect(preview.getByText("Bienvenue !")).toBeVisible();
  await expect(preview.getByPlaceholder("Votre nom")).toBeVisible();
  await preview.getByLabel("Preview language").selectOption("en");
  await expect(preview.getByText("Welcome!")).toBeVisible();

  // Published; a visitor whose browser speaks French reads the translation.
  await page.goto(`/bots/${bot.id}/share`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("banner").getByText("Published")).toBeVisible();
  const { publicId } = await getBot(page.request, bot.id);
  const french = await browser.newContext({ locale: "fr-FR" });
  const visitor = await french.newPage();
  await visitor.goto(`${viewerUrl}/${publicId}`);
  await expect(visitor.getByTestId("host-bubble").filter({ hasText: "Bienvenue !" })).toBeVisible();
  await expect(visitor.getByPlaceholder("Votre nom")).toBeVisible();
  expect(await visitor.evaluate(() => document.documentElement.lang)).toBe("fr");
  await french.close();
});
