import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import everyInputBot from "./fixtures/every-input-bot.json" with { type: "json" };
import { createPublishedBot, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";

const screenshots = path.join(import.meta.dirname, "artifacts", "screenshots");
mkdirSync(screenshots, { recursive: true });

const host = (page: Page, text: string | RegExp) => page.getByTestId("host-bubble").filter({ hasText: text });
const guest = (page: Page, text: string | RegExp) =>
  page.getByTestId("guest-bubble").filter({ hasText: text });

test("every input kind is answered on a share page, a wrong answer gets the retry message", async ({
  page,
  user,
}) => {
  const { publicId } = await createPublishedBot(page.request, user.workspaceId, everyInputBot);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${viewerUrl}/${publicId}?utm_source=e2e`);
  await expect(page).toHaveTitle("Every input · Parley");
  // Query parameters become prefilled variables, then leave the address bar.
  await expect(page).toHaveURL(`${viewerUrl}/${publicId}`);
  await expect(host(page, "Let's try every kind of answer.")).toBeVisible();
  await expect(host(page, "Let's try every kind of answer.").locator("strong")).toHaveText("Parley");

  // Text: Enter sends.
  await page.getByLabel("Your name").fill("Ada");
  await page.getByLabel("Your name").press("Enter");
  await expect(guest(page, "Ada")).toBeVisible();
  await expect(host(page, "Nice to meet you, Ada.")).toBeVisible();

  // Number: the widget checks max before sending.
  await page.getByLabel("Cups per day").fill("25");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "at most 20" })).toBeVisible();
  await page.getByLabel("Cups per day").fill("3");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(guest(page, /^3$/)).toBeVisible();

  // Email: the server refuses a wrong one with the retry message, the same input comes back.
  await page.getByLabel("Your email").fill("not-an-email");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(host(page, "Invalid message. Please, try again.")).toBeVisible();
  await page.getByLabel("Your email").fill("ADA@example.com");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(guest(page, "ada@example.com")).toBeVisible();

  await page.getByLabel("Your website").fill("https://ada.dev");
  await page.getByLabel("Your website").press("Enter");
  await expect(guest(page, "https://ada.dev")).toBeVisible();

  // Phone: French by default (the block's country), sent in international form.
  await expect(page.getByLabel("Country")).toHaveValue("FR");
  await page.getByLabel("Your phone number").fill("06 12 34 56 78");
  await page.getByLabel("Your phone number").press("Enter");
  await expect(guest(page, "+33612345678")).toBeVisible();

  await page.getByLabel("Date").fill("01/05/2026");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(guest(page, "01/05/2026")).toBeVisible();

  await page.getByLabel("Time").fill("10:30");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(guest(page, "10:30")).toBeVisible();

  // Buttons: one click answers; arrow keys move between the options.
  await page.getByRole("button", { name: "Starter" }).press("ArrowRight");
  await expect(page.getByRole("button", { name: "Pro" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(guest(page, "Pro")).toBeVisible();

  // Multiple choice with search.
  await page.getByLabel("Filter the options...").fill("da");
  await expect(page.getByRole("checkbox")).toHaveCount(1);
  await page.getByRole("checkbox", { name: "Data" }).click();
  await page.getByLabel("Filter the options...").fill("");
  await page.getByRole("checkbox", { name: "Design" }).click();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(guest(page, "Design, Data")).toBeVisible();

  await expect(page.getByRole("button", { name: "Mountain" })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(screenshots, "share-page-desktop.png") });
  await page.getByRole("button", { name: "Mountain" }).click();
  await expect(guest(page, "Mountain")).toBeVisible();

  // Rating with one-click submit.
  await expect(page.getByText("Poor")).toBeVisible();
  await page.getByRole("button", { name: "5", exact: true }).click();
  await expect(guest(page, /^5$/)).toBeVisible();

  // File upload through the runtime's upload endpoint; a wrong type is refused first.
  const fileField = page.getByLabel("Click to upload or drag and drop");
  await fileField.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("png") });
  await expect(page.getByRole("alert").filter({ hasText: "not accepted" })).toBeVisible();
  await fileField.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(guest(page, "File uploaded")).toBeVisible();

  await page.getByRole("button", { name: "Choose Team" }).click();
  await expect(guest(page, "Choose Team")).toBeVisible();

  // Payment: no Stripe API takes this install's own keys (the payment specs' local Stripe API takes only
  // their workspace's key), so the runtime skips the input (logging why) and the flow ends; Stripe's
  // script is never loaded.
  await expect(host(page, "Last step: the deposit.")).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await expect(page.locator("input, textarea")).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelector('script[src*="js.stripe.com"]'))).toBeNull();
});

test("the share page on a 375 px phone", async ({ browser, page, user }) => {
  const { publicId } = await createPublishedBot(page.request, user.workspaceId, everyInputBot);
  const phone = await browser.newPage({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  await phone.goto(`${viewerUrl}/${publicId}`);
  await phone.getByLabel("Your name").fill("Grace");
  await phone.getByRole("button", { name: "Send" }).click();
  await phone.getByLabel("Cups per day").fill("2");
  await phone.getByRole("button", { name: "Send" }).click();
  await expect(phone.getByLabel("Your email")).toBeVisible();
  // Nothing overflows the phone's width.
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.screenshot({ path: path.join(screenshots, "share-page-phone.png") });
  await phone.close();
});

test("unknown bots answer 404", async ({ page }) => {
  const response = await page.goto(`${viewerUrl}/no-such-bot-here`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This bot does not exist" })).toBeVisible();
});
