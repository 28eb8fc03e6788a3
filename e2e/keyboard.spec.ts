import type { Locator, Page } from "@playwright/test";
import embedBot from "./fixtures/embed-bot.json" with { type: "json" };
import { createPublishedBot, readChatKey, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";
import { serveHostPage } from "./support/hostPage";
import {
  createEveryInputBotWithPayment,
  holdStripeJs,
  reachPaymentWithLocalStripe,
} from "./support/payments";

// Keyboard only: no click, no fill. After each bot turn the focus is on the new question, and it shows.

const guest = (page: Page, text: string | RegExp) =>
  page.getByTestId("guest-bubble").filter({ hasText: text });

/** The element has the focus and a visible focus indicator (an outline, or the field's ring). */
async function expectVisibleFocus(locator: Locator) {
  await expect(locator).toBeFocused();
  const indicator = await locator.evaluate((element) => {
    const ringed = element.closest(".parley-field-group, .parley-dropzone") ?? element;
    const own = getComputedStyle(element);
    const ring = getComputedStyle(ringed);
    return {
      outline: own.outlineStyle !== "none" && own.outlineWidth !== "0px",
      ring: ring.boxShadow !== "none" || (ring.outlineStyle !== "none" && ring.outlineWidth !== "0px"),
    };
  });
  expect(indicator.outline || indicator.ring, "a visible focus indicator").toBe(true);
}

async function tabTo(page: Page, target: Locator, limit = 10) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element.matches(":focus"))) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("a whole share-page chat with every input kind, from the keyboard alone", async ({ page, user }) => {
  const { publicId } = await createEveryInputBotWithPayment(page.request, user.workspaceId);
  const stripeJs = await holdStripeJs(page);
  await page.goto(`${viewerUrl}/${publicId}`);

  const typeAndEnter = async (label: string, text: string, shown: string | RegExp) => {
    const field = page.getByLabel(label);
    await expectVisibleFocus(field);
    await page.keyboard.type(text);
    await page.keyboard.press("Enter");
    await expect(guest(page, shown)).toBeVisible();
  };
  await typeAndEnter("Your name", "Ada", "Ada");
  await typeAndEnter("Cups per day", "3", /^3$/);
  await typeAndEnter("Your email", "ada@example.com", "ada@example.com");
  await typeAndEnter("Your website", "https://ada.dev", "https://ada.dev");
  await typeAndEnter("Your phone number", "0612345678", "+33612345678");
  // Date and time fields take their parts as typed digits, in the conversation's order (a bot without languages:
  // day, month, year; hours, minutes), whatever the browser's language.
  await typeAndEnter("Date", "01052026", "01/05/2026");
  await typeAndEnter("Time", "1030AM", "10:30");

  // Buttons: arrow keys move between the options, Enter answers.
  await expectVisibleFocus(page.getByRole("button", { name: "Starter" }));
  await page.keyboard.press("ArrowRight");
  await expectVisibleFocus(page.getByRole("button", { name: "Pro" }));
  await page.keyboard.press("Enter");
  await expect(guest(page, "Pro")).toBeVisible();

  // Multiple choice: the search field first, then checkboxes toggled with Space, then the submit button.
  await expectVisibleFocus(page.getByLabel("Filter the options..."));
  await page.keyboard.press("Tab");
  await expectVisibleFocus(page.getByRole("checkbox", { name: "Design" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "Design" })).toBeChecked();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expectVisibleFocus(page.getByRole("checkbox", { name: "Data" }));
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("button", { name: "Done" }));
  await expectVisibleFocus(page.getByRole("button", { name: "Done" }));
  await page.keyboard.press("Enter");
  await expect(guest(page, "Design, Data")).toBeVisible();

  await expectVisibleFocus(page.getByRole("button", { name: "Sea" }));
  await page.keyboard.press("Tab");
  await expectVisibleFocus(page.getByRole("button", { name: "Mountain" }));
  await page.keyboard.press("Enter");
  await expect(guest(page, "Mountain")).toBeVisible();

  // Rating (one click answers): buttons.
  await expectVisibleFocus(page.getByRole("button", { name: "1", exact: true }));
  await page.keyboard.press("End");
  await expectVisibleFocus(page.getByRole("button", { name: "5", exact: true }));
  await page.keyboard.press("Enter");
  await expect(guest(page, /^5$/)).toBeVisible();

  // File: Enter on the focused drop zone opens the file chooser.
  await expectVisibleFocus(page.getByLabel("Click to upload or drag and drop"));
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (await chooser).setFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
  await tabTo(page, page.getByRole("button", { name: "Upload", exact: true }));
  await expectVisibleFocus(page.getByRole("button", { name: "Upload", exact: true }));
  await page.keyboard.press("Enter");
  await expect(guest(page, "File uploaded")).toBeVisible();

  await expectVisibleFocus(page.getByRole("button", { name: "Choose Basic" }));
  await page.keyboard.press("Tab");
  await expectVisibleFocus(page.getByRole("button", { name: "Choose Team" }));
  await reachPaymentWithLocalStripe(async () => {
    await page.keyboard.press("Enter");
    await expect(guest(page, "Choose Team")).toBeVisible();
    await expect(page.locator(".parley-payment")).toBeVisible();
  });

  // Payment: Stripe.js cannot load (held, then failed as offline); the focus moves to "Try again", and
  // Enter asks for Stripe.js anew, the focus coming back once that fails too.
  await expect.poll(stripeJs.requested).toBe(1);
  await stripeJs.failHeld();
  await expectVisibleFocus(page.getByRole("button", { name: "Try again" }));
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: "Loading the secure payment form…" }),
  ).toBeVisible();
  await expect.poll(stripeJs.requested).toBe(2);
  await stripeJs.failHeld();
  await expectVisibleFocus(page.getByRole("button", { name: "Try again" }));
});

test("popup and bubble embeds open and answer from the keyboard; Escape closes them and gives the focus back", async ({
  page,
  user,
}) => {
  const { botId, publicId, token } = await createPublishedBot(page.request, user.workspaceId, embedBot);
  const chatKey = await readChatKey(page.request, botId, token);
  const options = `publicId: ${JSON.stringify(publicId)}, chatKey: ${JSON.stringify(chatKey)}`;
  const popup = await serveHostPage(
    `Parley.initPopup({ ${options} }); document.getElementById("talk").addEventListener("click", () => Parley.open());`,
  );
  const bubble = await serveHostPage(`Parley.initBubble({ ${options} });`);
  try {
    await page.goto(popup.url);
    const opener = page.getByRole("button", { name: "Talk to us" });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Chat" })).toBeVisible();
    await expectVisibleFocus(page.getByLabel("Your name"));
    await page.keyboard.type("Linus");
    await page.keyboard.press("Enter");
    await expectVisibleFocus(page.getByRole("button", { name: "Yes" }));
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Chat" })).toHaveCount(0);
    await expect(opener).toBeFocused();

    await page.goto(bubble.url);
    const toggle = page.getByRole("button", { name: "Open chat" });
    await tabTo(page, toggle);
    await expectVisibleFocus(toggle);
    await page.keyboard.press("Enter");
    await expectVisibleFocus(page.getByLabel("Your name"));
    await page.keyboard.type("Grace");
    await page.keyboard.press("Enter");
    await expectVisibleFocus(page.getByRole("button", { name: "Yes" }));
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Chat" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open chat" })).toBeFocused();
    // Reopened: back on the question the chat waits on.
    await page.keyboard.press("Enter");
    await expectVisibleFocus(page.getByRole("button", { name: "Yes" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("All done, Grace!")).toBeVisible();
  } finally {
    popup.server.close();
    bubble.server.close();
  }
});
