import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { createPublishedBot, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";

test.use({ locale: "en-US" });

const paragraph = (text: string) => [{ type: "p", children: [{ text }] }];
const reviewed = (value: string) => ({ value, status: "reviewed" });

/**
 * Written in French, translated into German and Arabic: a date, an amount, then both as the engine stored them
 * (docs/languages.md, "Dates and numbers in the widget"), then a question without any label of the author's, which
 * the widget's own words label.
 */
const localeBot = {
  name: "Locale inputs",
  events: [{ id: "start", type: "start", outgoingEdgeId: "e-start", graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: "g-1",
      title: "Start",
      graphCoordinates: { x: 0, y: 200 },
      blocks: [
        {
          id: "b-date",
          type: "date input",
          options: { variableId: "v-date", labels: { button: "Envoyer" } },
        },
        {
          id: "b-amount",
          type: "number input",
          options: { variableId: "v-amount", labels: { placeholder: "Combien ?", button: "Envoyer" } },
        },
        { id: "b-echo", type: "text", content: { richText: paragraph("Stored: {{Date}} | {{Amount}}") } },
        { id: "b-comment", type: "text input", options: { variableId: "v-comment" } },
      ],
    },
  ],
  edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-1" } }],
  variables: [
    { id: "v-date", name: "Date" },
    { id: "v-amount", name: "Amount" },
    { id: "v-comment", name: "Comment" },
  ],
  settings: {
    languages: {
      defaultLanguage: "fr",
      languages: ["de", "ar"],
      translations: {
        de: {
          "block:b-date:options.labels.button": reviewed("Senden"),
          "block:b-amount:options.labels.placeholder": reviewed("Wie viel?"),
          "block:b-amount:options.labels.button": reviewed("Senden"),
        },
        ar: { "block:b-date:options.labels.button": reviewed("إرسال") },
      },
    },
  },
};

const guest = (page: Page, text: string) => page.getByTestId("guest-bubble").filter({ hasText: text });
const host = (page: Page, text: string) => page.getByTestId("host-bubble").filter({ hasText: text });

/** The message of the next continueChat the page sends. */
const nextMessage = (page: Page) =>
  page
    .waitForRequest((request) => request.url().includes("/continueChat") && request.method() === "POST")
    .then((request) => (request.postDataJSON() as { message: { text: string } }).message);

test("a French and a German visitor type and pick dates and numbers as their language writes them, not the browser's", async ({
  page,
  user,
}) => {
  const { publicId } = await createPublishedBot(page.request, user.workspaceId, localeBot);
  // The browser speaks American English: month first, a decimal point.
  expect(await page.evaluate(() => navigator.language)).toBe("en-US");

  // French: jj/mm/aaaa, a calendar in French starting on Monday, a picked day written 24/11/2026.
  await page.goto(`${viewerUrl}/${publicId}?lang=fr`);
  const date = page.getByLabel("Date");
  await expect(date).toHaveAttribute("placeholder", "jj/mm/aaaa");
  await date.fill("30/11/2026");
  await page.getByRole("button", { name: "calendrier grégorien" }).click();
  const calendar = page.getByRole("dialog", { name: "novembre 2026" });
  await expect(calendar.locator("th").first()).toHaveText("L");
  await expect(calendar.getByRole("button", { name: "lundi 30 novembre 2026" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(calendar.getByRole("button", { name: "lundi 30 novembre 2026" })).toBeFocused();
  await calendar.getByRole("button", { name: "mardi 24 novembre 2026" }).click();
  await expect(calendar).toBeHidden();
  await expect(date).toHaveValue("24/11/2026");
  const frenchDate = nextMessage(page);
  await page.getByRole("button", { name: "Envoyer" }).click();
  expect((await frenchDate).text).toBe("2026-11-24");
  await expect(guest(page, "24/11/2026")).toBeVisible();
  const frenchAmount = nextMessage(page);
  await page.getByLabel("Combien ?").fill("1 234,5");
  await page.getByLabel("Combien ?").press("Enter");
  expect((await frenchAmount).text).toBe("1234.5");
  await expect(guest(page, "1 234,5")).toBeVisible();
  await expect(host(page, "Stored: 24/11/2026 | 1234.5")).toBeVisible();
  // No label of the author's: the widget's own words, in French.
  await expect(page.getByRole("button", { name: "Envoyer" })).toBeVisible();
  await expect(page.getByLabel("Saisissez votre réponse...")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send" })).toHaveCount(0);
  await expectNoAxeViolations(page, "a French conversation's default input words");

  // German: TT.MM.JJJJ, typed; 1,234 (one point two three four) reaches the engine as 1.234 and is stored so.
  await page.goto(`${viewerUrl}/${publicId}?lang=de`);
  await expect(page.getByLabel("Datum")).toHaveAttribute("placeholder", "TT.MM.JJJJ");
  await page.getByLabel("Datum").fill("30.11.2026");
  await page.getByRole("button", { name: "Senden" }).click();
  await expect(guest(page, "30.11.2026")).toBeVisible();
  // The widget's own error in German, from the catalogue it loads from the viewer (/embed-texts/de.json).
  await page.getByLabel("Wie viel?").fill("drei");
  await page.getByRole("button", { name: "Senden" }).click();
  await expect(page.getByRole("alert")).toHaveText("Bitte geben Sie eine Zahl ein.");
  const germanAmount = nextMessage(page);
  await page.getByLabel("Wie viel?").fill("1,234");
  await page.getByRole("button", { name: "Senden" }).click();
  expect((await germanAmount).text).toBe("1.234");
  await expect(guest(page, "1,234")).toBeVisible();
  await expect(host(page, "Stored: 30.11.2026 | 1.234")).toBeVisible();
  await expect(page.getByLabel("Geben Sie Ihre Antwort ein...")).toBeVisible();
  await expect(page.getByRole("button", { name: "Senden" })).toBeVisible();
});

test("right to left: the calendar is laid out and moved through right to left, with no axe violation", async ({
  page,
  user,
}) => {
  const { publicId } = await createPublishedBot(page.request, user.workspaceId, localeBot);
  await page.goto(`${viewerUrl}/${publicId}?lang=ar`);
  await page.getByLabel("Date").fill("15/11/2026");
  await page.getByRole("button", { name: "التقويم الميلادي" }).click();
  const calendar = page.locator(".parley-calendar");
  await expect(calendar).toBeVisible();
  expect(await calendar.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
  // The next month's arrow points left, and the days run from right to left.
  const nextArrow = calendar.locator('[data-direction="next"] svg');
  expect(await nextArrow.evaluate((element) => getComputedStyle(element).transform)).not.toBe("none");
  const [first, second] = await calendar
    .locator("tbody button")
    .evaluateAll((buttons) => buttons.slice(0, 2).map((button) => button.getBoundingClientRect().x));
  expect(second).toBeLessThan(first ?? 0);
  await expectNoAxeViolations(page, "the date picker in Arabic (right to left)");
  // ArrowLeft is the next day in a right-to-left calendar.
  const fullDate = (day: number) =>
    page.evaluate(
      (day) => new Intl.DateTimeFormat("ar", { dateStyle: "full" }).format(new Date(2026, 10, day)),
      day,
    );
  await expect(calendar.getByRole("button", { name: await fullDate(15), exact: true })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(calendar.getByRole("button", { name: await fullDate(16), exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(calendar).toBeHidden();
  await page.getByRole("button", { name: "إرسال" }).click();
  await expect(page.getByTestId("guest-bubble")).toHaveCount(1);
});
