import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { createPublishedBot, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";

const phone = { width: 375, height: 800 };
const host = (page: Page, text: string | RegExp) => page.getByTestId("host-bubble").filter({ hasText: text });

/** Hello, a Talk to a human block (default options: anyone may pick up), then the bot again with the resolution. */
const supportBot = {
  name: "Support desk",
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g-main",
      title: "Main",
      graphCoordinates: { x: 200, y: 0 },
      blocks: [
        {
          id: "b-hello",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Hello! Let me find you a person." }] }] },
        },
        {
          id: "b-handoff",
          type: "Human handoff",
          items: [{ id: "i-fallback", path: "fallback" }],
          options: { resolutionVariableId: "v-resolution" },
        },
        {
          id: "b-back",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Back with the bot: {{Resolution}}" }] }] },
        },
        {
          id: "b-more",
          type: "text input",
          options: { variableId: "v-more", labels: { placeholder: "Anything else?" } },
        },
        {
          id: "b-bye",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Noted: {{More}}" }] }] },
        },
      ],
    },
  ],
  edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-main" } }],
  variables: [
    { id: "v-resolution", name: "Resolution" },
    { id: "v-more", name: "More" },
  ],
};

test("a visitor handed over to the inbox talks live with an agent, who closes and hands back to the bot", async ({
  browser,
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const { publicId } = await createPublishedBot(page.request, user.workspaceId, supportBot);

  // The visitor, in a browser of their own, reaches the handoff on the share page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${viewerUrl}/${publicId}`);
  await expect(host(visitor, "A member of our team will be with you shortly.")).toBeVisible();
  await expect(host(visitor, "You are number 1 in the queue.")).toBeVisible();

  // The agent sees it waiting: the top bar's badge, then the inbox's waiting list.
  await page.goto("/dashboard");
  const inboxLink = page.getByRole("banner").getByRole("link", { name: /Inbox\s*1 waiting/ });
  await expect(inboxLink).toBeVisible();
  await inboxLink.click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  const waiting = page.getByRole("list", { name: "Waiting conversations" }).getByRole("button");
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText("Support desk");
  await waiting.click();
  const transcript = page.getByRole("log", { name: "Transcript" });
  await expect(transcript).toContainText("Hello! Let me find you a person.");
  await expectNoAxeViolations(page, "the inbox with a waiting conversation");

  // Assigned with the keyboard; the conversation leaves the waiting list.
  await page.getByRole("button", { name: "Assign to me" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("conversation-state")).toHaveText(`with ${user.name}`);
  await expect(page.getByText("Nobody is waiting.")).toBeVisible();

  // The agent types: the visitor sees the typing dots, then the reply, without reloading.
  const reply = page.getByLabel("Reply", { exact: true });
  await reply.fill("Hi, I am Ada from support. How can I help?");
  await expect(visitor.getByTestId("typing")).toBeVisible();
  await reply.press("Enter");
  await expect(host(visitor, "Hi, I am Ada from support. How can I help?")).toBeVisible();
  await expect(reply).toHaveValue("");

  // An emoji from the picker, keyboard only, put at the reply's caret. Its data comes from the builder itself:
  // no request leaves for another host (they are recorded and refused).
  const foreignRequests: string[] = [];
  await page.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => {
    foreignRequests.push(route.request().url());
    return route.abort();
  });
  await reply.fill("Thanks for waiting");
  await reply.press("Home");
  for (const _ of "Thanks") await reply.press("ArrowRight");
  await page.keyboard.press("Tab");
  const emojiButton = page.getByRole("button", { name: "Add emoji" });
  await expect(emojiButton).toBeFocused();
  await expect(emojiButton).toHaveAttribute("aria-expanded", "false");
  const emojiData = page.waitForResponse((response) => new URL(response.url()).pathname === "/emoji/en");
  await page.keyboard.press("Enter");
  const picker = page.getByRole("dialog", { name: "Emoji" });
  const emojiSearch = picker.getByRole("searchbox", { name: "Search emoji" });
  await expect(emojiSearch).toBeFocused();
  await expect(emojiButton).toHaveAttribute("aria-expanded", "true");
  expect((await emojiData).status()).toBe(200);
  await expect(picker.getByRole("heading", { name: "Smileys & emotion" })).toBeVisible();
  await expectNoAxeViolations(page, "the reply box's emoji picker");
  await page.keyboard.type("thumbs");
  const people = picker.getByRole("grid", { name: "People & body" });
  await expect(people.getByRole("button")).toHaveCount(2);
  await expect(picker.getByRole("heading", { name: "Smileys & emotion" })).toHaveCount(0);
  await page.keyboard.press("ArrowDown");
  await expect(people.getByRole("button", { name: "thumbs up" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(people.getByRole("button", { name: "thumbs down" })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(people.getByRole("button", { name: "thumbs up" })).toBeFocused();
  await expectNoAxeViolations(page, "the emoji picker's search results");
  await page.keyboard.type("xyzzy");
  await expect(emojiSearch).toBeFocused();
  await expect(emojiSearch).toHaveValue("thumbsxyzzy");
  await expect(picker.getByText("No emoji found")).toBeVisible();
  await emojiSearch.fill("thumbs up");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(picker).toHaveCount(0);
  await expect(reply).toHaveValue("Thanks👍 for waiting");
  await expect(reply).toBeFocused();
  await reply.press("Enter");
  await expect(host(visitor, "Thanks👍 for waiting")).toBeVisible();
  await expect(transcript).toContainText("Thanks👍 for waiting");
  // Escape closes the picker and gives the focus back to its button.
  await emojiButton.focus();
  await page.keyboard.press("Enter");
  await expect(emojiSearch).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await expect(emojiButton).toBeFocused();
  expect(foreignRequests).toEqual([]);

  // An internal note stays in the inbox.
  await page.getByRole("checkbox", { name: "Internal note" }).check();
  await page.getByLabel("Note", { exact: true }).fill("Order A-17, shipped Monday");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(transcript).toContainText("Order A-17, shipped Monday");
  await page.getByRole("checkbox", { name: "Internal note" }).uncheck();

  // The visitor answers through the chat; the agent sees it arrive.
  await visitor.getByPlaceholder("Type your message…").fill("My parcel is late");
  await visitor.getByPlaceholder("Type your message…").press("Enter");
  await expect(transcript).toContainText("My parcel is late");
  await expect(host(visitor, "Order A-17")).toHaveCount(0);

  // At phone width the inbox still works: the conversation alone, no sideways scrolling, no axe violation.
  await page.setViewportSize(phone);
  await expect(page.getByRole("button", { name: "All conversations" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await expectNoAxeViolations(page, "a conversation in the inbox on a phone");
  // The emoji picker fits the phone's width.
  await emojiButton.click();
  await expect(picker.getByRole("heading", { name: "Smileys & emotion" })).toBeVisible();
  const pickerBox = await picker.boundingBox();
  expect(pickerBox?.x).toBeGreaterThanOrEqual(0);
  expect((pickerBox?.x ?? 0) + (pickerBox?.width ?? phone.width + 1)).toBeLessThanOrEqual(phone.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await expectNoAxeViolations(page, "the emoji picker on a phone");
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);

  // Closed with a resolution, handed back to the bot: the visitor's flow goes on.
  await page.getByRole("button", { name: "Close", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Close the conversation" });
  await dialog.getByLabel("Resolution").fill("Refund sent");
  await expect(dialog.getByRole("radio", { name: /Hand back to the bot/ })).toBeChecked();
  await expectNoAxeViolations(page, "the close dialog on a phone");
  await dialog.getByRole("button", { name: "Close conversation" }).click();
  await expect(dialog).toBeHidden();
  await expect(host(visitor, "Back with the bot: Refund sent")).toBeVisible();
  await visitor.getByPlaceholder("Anything else?").fill("No, thanks");
  await visitor.getByPlaceholder("Anything else?").press("Enter");
  await expect(host(visitor, "Noted: No, thanks")).toBeVisible();

  await expect(page.getByTestId("conversation-state")).toHaveText("closed: Refund sent");
  await page.getByRole("button", { name: "All conversations" }).click();
  await page.getByRole("radio", { name: "Closed" }).click();
  await expect(page.getByRole("list", { name: "Closed conversations" }).getByRole("button")).toHaveCount(1);
  await expectNoAxeViolations(page, "the closed conversations on a phone");
  await visitorContext.close();
});

/** Hello, a Talk to a human block with `handoff` options, then the bot; its fallback path asks for an e-mail. */
const fallbackBot = (name: string, handoff: Record<string, unknown>) => ({
  name,
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g-main",
      title: "Main",
      graphCoordinates: { x: 200, y: 0 },
      blocks: [
        {
          id: "b-hello",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Hello! Let me find you a person." }] }] },
        },
        {
          id: "b-handoff",
          type: "Human handoff",
          items: [{ id: "i-fallback", path: "fallback", outgoingEdgeId: "e-fallback" }],
          options: handoff,
        },
        {
          id: "b-back",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Back with the bot" }] }] },
        },
      ],
    },
    {
      id: "g-fallback",
      title: "Fallback",
      graphCoordinates: { x: 600, y: 0 },
      blocks: [
        {
          id: "b-closed",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Nobody can answer now." }] }] },
        },
        {
          id: "b-email",
          type: "email input",
          options: { variableId: "v-email", labels: { placeholder: "Your e-mail" } },
        },
        {
          id: "b-later",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "We will write to {{Email}}." }] }] },
        },
      ],
    },
  ],
  edges: [
    { id: "e-start", from: { eventId: "start" }, to: { groupId: "g-main" } },
    { id: "e-fallback", from: { blockId: "b-handoff", itemId: "i-fallback" }, to: { groupId: "g-fallback" } },
  ],
  variables: [{ id: "v-email", name: "Email" }],
});

test("outside business hours, and while nobody is available, the visitor takes the fallback path at once", async ({
  browser,
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const day = 86_400_000;
  // Open every day, but today (and the days around it, whatever the clock's zone) are holidays.
  const holidays = [-1, 0, 1].map((offset) => new Date(Date.now() + offset * day).toISOString().slice(0, 10));
  const afterHours = await createPublishedBot(
    page.request,
    user.workspaceId,
    fallbackBot("After hours desk", {
      businessHours: {
        isEnabled: true,
        timeZone: "UTC",
        ranges: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ day: weekday, start: "00:00", end: "23:59" })),
        holidays,
      },
    }),
  );
  const staffed = await createPublishedBot(
    page.request,
    user.workspaceId,
    fallbackBot("Staffed desk", { isFallbackWhenNobodyAvailable: true }),
  );

  /** A visitor in a browser of their own on the bot's share page. */
  const visit = async (publicId: string) => {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${viewerUrl}/${publicId}`);
    await expect(host(visitor, "Hello! Let me find you a person.")).toBeVisible();
    return { context, visitor };
  };
  /** The fallback path as the visitor lives it: told at once, asked an e-mail, answered. */
  const expectFallback = async (visitor: Page, email: string) => {
    await expect(host(visitor, "Nobody can answer now.")).toBeVisible();
    await expect(host(visitor, "A member of our team will be with you shortly.")).toHaveCount(0);
    await visitor.getByPlaceholder("Your e-mail").fill(email);
    await visitor.getByPlaceholder("Your e-mail").press("Enter");
    await expect(host(visitor, `We will write to ${email}.`)).toBeVisible();
  };

  // Outside business hours: the fallback path.
  const closed = await visit(afterHours.publicId);
  await expectFallback(closed.visitor, "ada@example.com");
  await closed.context.close();

  // Nobody available (the agent has never said they are): the fallback path too.
  const first = await visit(staffed.publicId);
  await expectFallback(first.visitor, "grace@example.com");
  await first.context.close();

  // Neither reached the inbox.
  await page.goto(`/workspaces/${user.workspaceId}/inbox`);
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(page.getByText("Nobody is waiting.")).toBeVisible();

  // The agent makes themselves available, with the keyboard: the next visitor waits for them.
  const presence = page.getByRole("switch", { name: "Available", exact: true });
  await expect(presence).toBeEnabled();
  await expect(presence).not.toBeChecked();
  await presence.focus();
  await page.keyboard.press("Space");
  await expect(presence).toBeChecked();
  await expectNoAxeViolations(page, "the inbox with the agent available");
  const second = await visit(staffed.publicId);
  await expect(host(second.visitor, "A member of our team will be with you shortly.")).toBeVisible();
  await expect(host(second.visitor, "Nobody can answer now.")).toHaveCount(0);
  const waiting = page.getByRole("list", { name: "Waiting conversations" }).getByRole("button");
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText("Staffed desk");
  await second.context.close();
});
