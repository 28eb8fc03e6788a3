import type { Page } from "@playwright/test";
import embedBot from "./fixtures/embed-bot.json" with { type: "json" };
import everyInputBot from "./fixtures/every-input-bot.json" with { type: "json" };
import { expectNoAxeViolations } from "./support/axe";
import { createPublishedBot, readChatKey, viewerUrl } from "./support/bots";
import { callMutation, expect, test } from "./support/fixtures";
import { serveHostPage } from "./support/hostPage";
import {
  createEveryInputBotWithPayment,
  holdStripeJs,
  reachPaymentWithLocalStripe,
} from "./support/payments";

// axe-core over every page people use, WCAG 2.2 A and AA: 0 violations.

// Each axe run takes a few seconds on a busy machine, and a test makes up to 16 of them.
test.describe.configure({ timeout: 180_000 });

const guest = (page: Page, text: string | RegExp) =>
  page.getByTestId("guest-bubble").filter({ hasText: text });

test("the share page, at every kind of question", async ({ page, user }) => {
  const { publicId } = await createEveryInputBotWithPayment(page.request, user.workspaceId);
  const stripeJs = await holdStripeJs(page);
  await page.goto(`${viewerUrl}/${publicId}`);
  const steps: [string, () => Promise<void>][] = [
    [
      "text",
      () =>
        page
          .getByLabel("Your name")
          .fill("Ada")
          .then(() => page.keyboard.press("Enter")),
    ],
    [
      "number",
      () =>
        page
          .getByLabel("Cups per day")
          .fill("3")
          .then(() => page.keyboard.press("Enter")),
    ],
    [
      "email",
      () =>
        page
          .getByLabel("Your email")
          .fill("ada@example.com")
          .then(() => page.keyboard.press("Enter")),
    ],
    [
      "url",
      () =>
        page
          .getByLabel("Your website")
          .fill("https://ada.dev")
          .then(() => page.keyboard.press("Enter")),
    ],
    [
      "phone",
      () =>
        page
          .getByLabel("Your phone number")
          .fill("0612345678")
          .then(() => page.keyboard.press("Enter")),
    ],
    [
      "date",
      async () => {
        await page.getByLabel("Date").fill("01/05/2026");
        await page.getByRole("button", { name: "Gregorian Calendar" }).click();
        await expect(page.getByRole("dialog", { name: "May 2026" })).toBeVisible();
        await expectNoAxeViolations(page, "date picker open");
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "Send" }).click();
      },
    ],
    [
      "time",
      () =>
        page
          .getByLabel("Time")
          .fill("10:30")
          .then(() => page.getByRole("button", { name: "Send" }).click()),
    ],
    ["buttons", () => page.getByRole("button", { name: "Pro" }).click()],
    [
      "multiple choice",
      async () => {
        await page.getByRole("checkbox", { name: "Design" }).click();
        await expectNoAxeViolations(page, "multiple choice with a box checked");
        await page.getByRole("button", { name: "Done" }).click();
      },
    ],
    ["picture choice", () => page.getByRole("button", { name: "Mountain" }).click()],
    ["rating", () => page.getByRole("button", { name: "4", exact: true }).click()],
    [
      "file",
      async () => {
        await page
          .getByLabel("Click to upload or drag and drop")
          .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
        await expectNoAxeViolations(page, "file input with a file chosen");
        await page.getByRole("button", { name: "Upload", exact: true }).click();
      },
    ],
    [
      "cards",
      () =>
        reachPaymentWithLocalStripe(async () => {
          await page.getByRole("button", { name: "Choose Team" }).click();
          await expect(page.locator(".parley-payment")).toBeVisible();
        }),
    ],
  ];
  let answered = 0;
  for (const [kind, answer] of steps) {
    // Each question is checked once it is on screen (its field or buttons focusable).
    await expect(page.getByTestId("guest-bubble")).toHaveCount(answered);
    await expect(page.locator(".parley-input-row")).toBeVisible();
    await expectNoAxeViolations(page, `the share page at the ${kind} input`);
    await answer();
    answered += 1;
  }
  await expect(guest(page, "Choose Team")).toBeVisible();
  // The payment input asks for Stripe.js (held, then failed as offline) and says it loads...
  await expect(
    page.getByRole("status").filter({ hasText: "Loading the secure payment form…" }),
  ).toBeVisible();
  await expect.poll(stripeJs.requested).toBe(1);
  await expectNoAxeViolations(page, "the share page at the payment input, while Stripe.js loads");
  // ...then that payment is unavailable, with the focus on a way to retry.
  await stripeJs.failHeld();
  await expect(page.getByRole("alert").filter({ hasText: "Payment unavailable" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeFocused();
  await expectNoAxeViolations(page, "the share page at the payment input, Stripe.js unavailable");
});

test("the three embeds: standard, popup and bubble", async ({ page, user }) => {
  const { botId, publicId, token } = await createPublishedBot(page.request, user.workspaceId, embedBot);
  const chatKey = await readChatKey(page.request, botId, token);
  const options = `publicId: ${JSON.stringify(publicId)}, chatKey: ${JSON.stringify(chatKey)}`;
  const pages = await Promise.all([
    serveHostPage(`Parley.initStandard({ ${options}, element: "#parley-chat" });`),
    serveHostPage(`Parley.initPopup({ ${options} });`),
    serveHostPage(`Parley.initBubble({ ${options}, previewMessage: { message: "Need a hand?" } });`),
  ]);
  try {
    const [standard, popup, bubble] = pages;
    await page.goto(standard.url);
    await expect(page.getByText("Hello from the embed!")).toBeVisible();
    await expect(page.getByLabel("Your name")).toBeVisible();
    await expectNoAxeViolations(page, "the standard embed");

    await page.goto(popup.url);
    await page.evaluate(() => (window as unknown as { Parley: { open(): void } }).Parley.open());
    await expect(page.getByLabel("Your name")).toBeVisible();
    await expectNoAxeViolations(page, "the popup embed, open");

    await page.goto(bubble.url);
    await expect(page.getByRole("button", { name: "Need a hand?" })).toBeVisible();
    await expectNoAxeViolations(page, "the bubble embed, closed with its preview message");
    await page.getByRole("button", { name: "Open chat" }).click();
    await expect(page.getByLabel("Your name")).toBeVisible();
    await page.getByLabel("Your name").fill("Linus");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Yes" })).toBeVisible();
    await expectNoAxeViolations(page, "the bubble embed, open at a choice");
  } finally {
    for (const { server } of pages) server.close();
  }
});

test("the builder: sign-in, password reset, dashboard, editor, results, theme, settings, share, account and knowledge pages", async ({
  browser,
  page,
  user,
}) => {
  const signedOut = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const signIn = await signedOut.newPage();
  await signIn.goto("/sign-in");
  await expect(signIn.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expectNoAxeViolations(signIn, "the sign-in page");
  await signIn.goto("/forgot-password");
  await expect(signIn.getByRole("button", { name: "Send the link" })).toBeVisible();
  await expectNoAxeViolations(signIn, "the forgot password page");
  await signIn.goto("/reset-password/not-a-link");
  await expect(signIn.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expectNoAxeViolations(signIn, "a used reset link");
  await signIn.goto("/invitations/not-a-link");
  await expect(signIn.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();
  await expectNoAxeViolations(signIn, "a used invitation link");
  await signIn.goto("/join/not-a-link");
  await expect(signIn.getByRole("heading", { name: "This invite link no longer works" })).toBeVisible();
  await expectNoAxeViolations(signIn, "a used invite link");
  await signedOut.close();

  const { botId, publicId, token } = await createPublishedBot(page.request, user.workspaceId, everyInputBot);
  // One chat, so the results table has a row.
  const chat = await page.request.post(`${viewerUrl}/api/v1/bots/${publicId}/startChat`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(chat.ok()).toBe(true);

  await page.goto("/dashboard");
  await expect(page.getByText("Every input").first()).toBeVisible();
  await expectNoAxeViolations(page, "the dashboard");

  await page.goto(`/bots/${botId}/edit`);
  await expect(page.getByText("Which plan?").first()).toBeVisible();
  await expectNoAxeViolations(page, "the editor");

  await page.goto(`/bots/${botId}/results`);
  await expect(page.getByRole("table", { name: "Results" })).toBeVisible();
  await expectNoAxeViolations(page, "the results page");

  await page.goto(`/bots/${botId}/theme`);
  await expect(page.getByRole("radiogroup", { name: "Font source" })).toBeVisible();
  await expect(page.getByTestId("host-bubble").first()).toBeVisible();
  await expectNoAxeViolations(page, "the theme page");

  await page.goto(`/bots/${botId}/settings`);
  await expect(page.getByRole("heading", { name: "Typing emulation" }).first()).toBeVisible();
  await expectNoAxeViolations(page, "the settings page");

  await page.goto(`/bots/${botId}/share`);
  await expect(page.getByRole("radio", { name: "Popup" })).toBeVisible();
  await expectNoAxeViolations(page, "the share page of the builder");

  await page.goto("/account");
  await expect(page.getByRole("button", { name: "Change password" })).toBeVisible();
  await expectNoAxeViolations(page, "the account page");

  await page.goto("/workspace/settings/audit-log");
  await expect(page.getByRole("table", { name: "Audit log entries" })).toContainText("bot.published");
  await expectNoAxeViolations(page, "the audit log");

  // Knowledge: credentials pointing at a closed port, so the source fails with its reason shown.
  const { credentials } = await callMutation<{ credentials: { id: string } }>(
    page.request,
    "credentials.createCredentials",
    {
      workspaceId: user.workspaceId,
      credentials: {
        type: "openai",
        name: "Unreachable",
        data: { apiKey: "sk-axe", baseUrl: "http://127.0.0.1:9/v1" },
      },
    },
  );
  const { knowledgeBase } = await callMutation<{ knowledgeBase: { id: string } }>(
    page.request,
    "knowledgeBases.createKnowledgeBase",
    {
      workspaceId: user.workspaceId,
      knowledgeBase: {
        name: "Help centre",
        credentialsId: credentials.id,
        embeddingModel: "text-embedding-3-small",
      },
    },
  );
  await callMutation(page.request, "knowledgeBases.createKnowledgeSource", {
    knowledgeBaseId: knowledgeBase.id,
    source: {
      type: "text",
      name: "Returns policy",
      text: "# Returns\n\nItems can be returned within 30 days.",
    },
  });
  await page.goto(`/workspaces/${user.workspaceId}/knowledge`);
  await expect(page.getByRole("link", { name: "Help centre" })).toBeVisible();
  await expectNoAxeViolations(page, "the knowledge bases");
  await page.getByRole("button", { name: "New knowledge base" }).click();
  await expect(page.getByRole("dialog").getByLabel("Embeddings model")).toBeVisible();
  await expectNoAxeViolations(page, "the new knowledge base dialog");
  await page.keyboard.press("Escape");
  await page.goto(`/workspaces/${user.workspaceId}/knowledge/${knowledgeBase.id}`);
  await expect(page.getByTestId("knowledge-source").locator("span", { hasText: /^Status: \w/ })).toHaveText(
    "Status: Failed",
    {
      timeout: 60_000,
    },
  );
  await expectNoAxeViolations(page, "a knowledge base with a failed source");
  await page.getByRole("button", { name: "Add source" }).click();
  await page.getByRole("dialog").getByRole("radio", { name: "Sitemap" }).click();
  await expect(page.getByRole("dialog").getByLabel("Pages at most")).toBeVisible();
  await expectNoAxeViolations(page, "the add source dialog, sitemap");
  await page.keyboard.press("Escape");
  await page.goto("/workspace/settings");
  await page.getByRole("button", { name: "Delete workspace" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAxeViolations(page, "the workspace deletion dialog");
});
