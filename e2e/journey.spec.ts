import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { center, dragTo, expectSaved, group } from "./support/editorPage";

// Acceptance (a): a new author builds a branching bot in the editor, previews it, publishes
// it, two visitors chat to the end on both branches, and the results page shows them.

/** Drops a catalogue block at the bottom of an existing group. */
async function dropAtEnd(page: Page, blockType: string, target: Locator) {
  const box = (await target.boundingBox())!;
  await dragTo(page, page.locator(`[data-block-type="${blockType}"]`), {
    x: box.x + box.width / 2,
    y: box.y + box.height - 6,
  });
}

async function typeMessage(page: Page, text: string) {
  await page.getByTestId("rich-text-editor").click();
  await page.keyboard.type(text);
}

async function pickVariable(page: Page, picker: Locator, name: string) {
  await picker.click();
  await page.getByRole("combobox", { name: "Search or create a variable" }).fill(name);
  await page.getByRole("combobox", { name: "Search or create a variable" }).press("Enter");
}

async function closeSettings(page: Page) {
  await page.getByRole("button", { name: "Close settings" }).click();
  await expect(page.getByTestId("block-settings")).toHaveCount(0);
}

async function connect(page: Page, handle: Locator, target: Locator) {
  await dragTo(page, handle, await center(target));
}

/** Answers the bot's two questions in a chat (preview drawer or share page). */
async function answer(chat: Locator, name: string, topic: "Sales" | "Support") {
  await expect(
    chat.getByTestId("host-bubble").filter({ hasText: "Welcome to Acme! What's your name?" }),
  ).toBeVisible();
  await chat.getByRole("textbox").fill(name);
  await chat.getByRole("textbox").press("Enter");
  await expect(chat.getByTestId("guest-bubble").filter({ hasText: name })).toBeVisible();
  await chat.getByRole("button", { name: topic }).click();
  await expect(chat.getByTestId("guest-bubble").filter({ hasText: topic })).toBeVisible();
}

const salesReply = (name: string) => `Our sales team will call you, ${name}.`;
const supportReply = (name: string) => `Support will email you, ${name}.`;

test("(a) sign up, build a branching bot, preview, publish, chat on both branches, see the results", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1600, height: 1000 });

  // Sign up as a new author.
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill("Jane Author");
  await page.getByLabel("Email").fill(`journey-${randomUUID()}@example.test`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A blank bot.
  await page.getByRole("button", { name: "Create bot" }).first().click();
  await page.getByLabel("Bot name").fill("Acme helper");
  await page.getByRole("button", { name: "Start from scratch" }).click();
  await expect(page).toHaveURL(/\/bots\/[^/]+\/edit$/);
  await expect(page.getByTestId("flow-editor")).toHaveAttribute("data-editor-ready", "true");
  const pane = (await page.locator(".react-flow__pane").boundingBox())!;

  // Group #1: a text bubble, a text input saved in {{Name}}, buttons Sales / Support.
  await dragTo(page, page.locator('[data-block-type="text"]'), { x: pane.x + 380, y: pane.y + 120 });
  const welcome = group(page, "Group #1");
  await expect(welcome).toBeVisible();
  await typeMessage(page, "Welcome to Acme! What's your name?");
  await closeSettings(page);
  await dropAtEnd(page, "text input", welcome);
  await expect(welcome.getByTestId("block")).toHaveCount(2);
  await pickVariable(page, page.getByLabel("Save the answer in"), "Name");
  await closeSettings(page);
  await dropAtEnd(page, "choice input", welcome);
  await expect(welcome.getByTestId("block")).toHaveCount(3);
  const items = page.getByTestId("items-editor");
  await items.getByTestId("item-editor").nth(0).getByLabel("Text").fill("Sales");
  await items.getByRole("button", { name: "Add a button" }).click();
  await items.getByTestId("item-editor").nth(1).getByLabel("Text").fill("Support");
  await closeSettings(page);

  // Group #2: the sales answer.
  await dragTo(page, page.locator('[data-block-type="text"]'), { x: pane.x + 820, y: pane.y + 80 });
  const sales = group(page, "Group #2");
  await expect(sales).toBeVisible();
  await typeMessage(page, "Our sales team will call you, {{Name}}.");
  await closeSettings(page);

  // Group #3: a condition on {{Name}} (Ada goes to sales), else the support answer.
  await dragTo(page, page.locator('[data-block-type="Condition"]'), { x: pane.x + 820, y: pane.y + 420 });
  const support = group(page, "Group #3");
  await expect(support).toBeVisible();
  const condition = page.getByTestId("condition-editor");
  await condition.getByRole("button", { name: "Add a comparison" }).click();
  await pickVariable(page, condition.getByTestId("variable-picker"), "Name");
  await expect(condition.getByLabel("Operator")).toHaveValue("Equal to");
  await condition.getByPlaceholder("Type a value").fill("Ada");
  await closeSettings(page);
  await dropAtEnd(page, "text", support);
  await expect(support.getByTestId("block")).toHaveCount(2);
  await typeMessage(page, "Support will email you, {{Name}}.");
  await closeSettings(page);

  // Edges: start → #1, Sales → #2, Support → #3, condition → #2.
  await connect(
    page,
    page.getByTestId("start-event").locator('.react-flow__handle[data-handleid^="e:"]'),
    welcome.getByRole("button", { name: "Group #1", exact: true }),
  );
  const itemHandles = welcome.locator('.react-flow__handle[data-handleid^="i:"]');
  await expect(itemHandles).toHaveCount(2);
  await connect(page, itemHandles.nth(0), sales);
  await connect(page, itemHandles.nth(1), support);
  await connect(page, support.locator('.react-flow__handle[data-handleid^="i:"]').first(), sales);
  await expect(page.locator(".react-flow__edge")).toHaveCount(4);
  await expectSaved(page);

  // Preview the draft: Ada asking for support meets the condition and reaches sales.
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const drawer = page.getByTestId("preview-drawer");
  await answer(drawer, "Ada", "Support");
  await expect(drawer.getByTestId("host-bubble").filter({ hasText: salesReply("Ada") })).toBeVisible();
  await page.getByRole("button", { name: "Close the preview" }).click();

  // Publish, then read the share URL.
  await page.getByRole("navigation", { name: "Bot pages" }).getByRole("link", { name: "Share" }).click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("banner").getByText("Published")).toBeVisible();
  const shareUrl = (await page.getByTestId("share-url").textContent())!;
  expect(shareUrl).toMatch(/^http/);

  // Two visitors, in their own browser contexts, one per branch.
  for (const [name, topic, reply] of [
    ["Grace", "Sales", salesReply("Grace")],
    ["Linus", "Support", supportReply("Linus")],
  ] as const) {
    const visitor = await browser.newContext();
    const chat = await visitor.newPage();
    await chat.goto(shareUrl);
    await answer(chat.locator("body"), name, topic);
    await expect(chat.getByTestId("host-bubble").filter({ hasText: reply })).toBeVisible();
    await expect(chat.getByRole("textbox")).toHaveCount(0);
    await visitor.close();
  }

  // The results page lists both (newest first) and the CSV has their answers.
  await page.getByRole("navigation", { name: "Bot pages" }).getByRole("link", { name: "Results" }).click();
  const rows = page.getByRole("table", { name: "Results" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Linus");
  await expect(rows.nth(0)).toContainText("Support");
  await expect(rows.nth(1)).toContainText("Grace");
  await expect(rows.nth(1)).toContainText("Sales");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all (CSV)" }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain("Linus");
  expect(lines[1]).toContain("Support");
  expect(lines[2]).toContain("Grace");
  expect(lines[2]).toContain("Sales");

  // The dashboard's card carries the published badge.
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page.getByTestId("bot-card").filter({ hasText: "Acme helper" })).toContainText("Published");
});
