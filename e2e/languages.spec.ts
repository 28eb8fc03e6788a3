import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { createPublishedBot, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";

const paragraph = (text: string) => [{ type: "p", children: [{ text }] }];

/** A greeting and a question in English, with Arabic and French translations (docs/languages.md). */
const languagesBot = {
  name: "Languages",
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
  settings: {
    metadata: { title: "Languages" },
    languages: {
      defaultLanguage: "en",
      languages: ["ar", "fr"],
      translations: {
        ar: {
          "block:b-hello:content.richText": { value: paragraph("أهلاً وسهلاً!"), status: "reviewed" },
          "block:b-name:options.labels.placeholder": { value: "اسمك", status: "reviewed" },
          "block:b-name:options.labels.button": { value: "إرسال", status: "reviewed" },
          "settings:metadata.title": { value: "اللغات", status: "reviewed" },
        },
        fr: {
          "block:b-hello:content.richText": { value: paragraph("Bienvenue !"), status: "reviewed" },
        },
      },
    },
  },
};

const direction = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).direction);

test("a right-to-left language: <html lang dir>, the widget's direction and texts, no axe violation", async ({
  page,
  user,
}) => {
  const { publicId } = await createPublishedBot(page.request, user.workspaceId, languagesBot);
  await page.goto(`${viewerUrl}/${publicId}?lang=ar`);
  await expect(page.getByTestId("host-bubble").filter({ hasText: "أهلاً وسهلاً!" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("ar");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).direction)).toBe("rtl");
  await expect(page).toHaveTitle(/اللغات/);
  await expect(page.getByTestId("parley-chat")).toHaveAttribute("dir", "rtl");
  expect(await direction(page, "[data-testid=parley-chat]")).toBe("rtl");
  await expect(page.getByLabel("اسمك")).toBeVisible();
  await expectNoAxeViolations(page, "share page in Arabic (right to left)");
});

test("the browser's language chooses when the URL names none; a language the bot lacks gets the default", async ({
  browser,
  page,
  user,
}) => {
  const { publicId } = await createPublishedBot(page.request, user.workspaceId, languagesBot);
  const french = await browser.newContext({ locale: "fr-FR" });
  const frenchPage = await french.newPage();
  await frenchPage.goto(`${viewerUrl}/${publicId}`);
  await expect(frenchPage.getByTestId("host-bubble").filter({ hasText: "Bienvenue !" })).toBeVisible();
  expect(await frenchPage.evaluate(() => document.documentElement.lang)).toBe("fr");
  expect(await frenchPage.evaluate(() => getComputedStyle(document.documentElement).direction)).toBe("ltr");
  // Untranslated texts fall back to English.
  await expect(frenchPage.getByLabel("Your name")).toBeVisible();
  await french.close();

  const german = await browser.newContext({ locale: "de-DE" });
  const germanPage = await german.newPage();
  await germanPage.goto(`${viewerUrl}/${publicId}`);
  await expect(germanPage.getByTestId("host-bubble").filter({ hasText: "Welcome!" })).toBeVisible();
  expect(await germanPage.evaluate(() => document.documentElement.lang)).toBe("en");
  await german.close();
});

test("the results page counts chats per language beside the totals and shows one language's figures", async ({
  page,
  user,
}) => {
  const { botId, publicId } = await createPublishedBot(page.request, user.workspaceId, languagesBot);
  for (const lang of ["fr", "fr", "ar"]) {
    const visitor = await page.context().browser()?.newPage();
    if (!visitor) throw new Error("no browser");
    await visitor.goto(`${viewerUrl}/${publicId}?lang=${lang}`);
    await expect(visitor.getByTestId("host-bubble").first()).toBeVisible();
    await visitor.close();
  }
  await page.goto(`/bots/${botId}/results`);
  const byLanguage = page.getByRole("region", { name: "By language" });
  await expect(byLanguage.getByTestId("language-row-fr")).toContainText("2");
  await expect(byLanguage.getByTestId("language-row-ar")).toContainText("1");
  await expect(page.getByTestId("stat-views")).toHaveText("3");
  await byLanguage.getByLabel("Show").selectOption("fr");
  await expect(page.getByTestId("stat-views")).toHaveText("2");
  await expectNoAxeViolations(page, "results page with languages");
});
