import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { createPublishedBot, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";

const phone = { width: 375, height: 800 };
/** A 1×1 PNG and a small PDF, the files an agent sends. */
const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const returnsPdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
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

  // An emoji from the picker, keyboard only: the button opens it with the search focused, Enter inserts the
  // emoji at the cursor and focus returns to the reply, which sends it.
  await reply.fill("Thanks ");
  await page.getByRole("button", { name: "Insert an emoji" }).focus();
  await page.keyboard.press("Enter");
  const search = page.getByRole("textbox", { name: "Search emoji" });
  await expect(search).toBeFocused();
  await page.keyboard.type("thumbs up");
  await expect(page.getByRole("dialog", { name: "Emoji" }).getByText("👍")).toBeVisible();
  await expectNoAxeViolations(page, "the reply box's emoji picker");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Emoji" })).toHaveCount(0);
  await expect(reply).toHaveValue("Thanks 👍");
  await expect(reply).toBeFocused();
  await reply.press("Enter");
  await expect(host(visitor, "Thanks 👍")).toBeVisible();

  // Files: a picture with a text, then a document alone, picked with the paperclip (keyboard: the button is
  // reachable and opens the file chooser). The visitor sees the picture in the chat and a link to the document.
  await page
    .getByLabel("File to attach")
    .setInputFiles({ name: "parcel.png", mimeType: "image/png", buffer: onePixelPng });
  await expect(page.getByTestId("reply-attachment")).toHaveText("parcel.png");
  await expectNoAxeViolations(page, "the reply box with a file attached");
  await reply.fill("Here is your parcel");
  await reply.press("Enter");
  await expect(host(visitor, "Here is your parcel")).toBeVisible();
  const picture = visitor.getByRole("img", { name: "parcel.png" });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  await expect(transcript.getByRole("img", { name: "parcel.png" })).toBeVisible();
  await expect(page.getByTestId("reply-attachment")).toHaveCount(0);

  const fileChooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Attach a file" }).focus();
  await page.keyboard.press("Enter");
  await (await fileChooser).setFiles({
    name: "returns.pdf",
    mimeType: "application/pdf",
    buffer: returnsPdf,
  });
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const documentLink = visitor.getByRole("link", { name: /returns\.pdf \(1 KB\)/ });
  await expect(documentLink).toBeVisible();
  const downloaded = await visitor.request.get((await documentLink.getAttribute("href")) ?? "");
  expect(downloaded.headers()["content-type"]).toBe("application/pdf");
  expect(Buffer.from(await downloaded.body()).equals(returnsPdf)).toBe(true);
  await expect(transcript.getByRole("link", { name: /returns\.pdf/ })).toBeVisible();

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
