import { readFile } from "node:fs/promises";
import { viewerUrl } from "./support/bots";
import { callMutation, callQuery, createBot, expect, getBot, test } from "./support/fixtures";
import { chat, surveyFlow as flow, publishSurveyBot } from "./support/surveyBot";

test("results table, transcript, CSV export (all, selected, formula-safe), delete, stats", async ({
  page,
  user,
}) => {
  const bot = await createBot(page.request, user.workspaceId, { name: "Survey", ...flow });
  await callMutation(page.request, "publishing.publishBot", { botId: bot.id });
  const { publicId } = await getBot(page.request, bot.id);
  const { chatKey } = await callQuery<{ chatKey: { key: string } }>(page.request, "publishing.getChatKey", {
    botId: bot.id,
  });
  await chat(page.request, viewerUrl, publicId!, chatKey.key, ["Ada", "London"]);
  await chat(page.request, viewerUrl, publicId!, chatKey.key, ['=HYPERLINK("http://evil")']);

  await page.goto(`/bots/${bot.id}/results`);
  await expect(page.getByTestId("stat-views")).toHaveText("2");
  await expect(page.getByTestId("stat-completed")).toHaveText("1");
  await expect(page.getByTestId("stat-completion-rate")).toHaveText("50%");
  const table = page.getByRole("table", { name: "Results" });
  await expect(table.getByRole("columnheader")).toContainText(["Submitted at", "Name", "City", "Status"]);
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  // Newest first.
  await expect(rows.nth(0)).toContainText('=HYPERLINK("http://evil")');
  await expect(rows.nth(0)).toContainText("In progress");
  await expect(rows.nth(1)).toContainText("Ada");
  await expect(rows.nth(1)).toContainText("London");
  await expect(rows.nth(1)).toContainText("Completed");

  // Stats and rows follow the period: nothing happened last month, both chats today.
  await page.getByLabel("Period").selectOption("Last month");
  await expect(page.getByTestId("stat-views")).toHaveText("0");
  await expect(page.getByText("No results in this period")).toBeVisible();
  await page.getByLabel("Period").selectOption("Today");
  await expect(page.getByTestId("stat-views")).toHaveText("2");
  await expect(rows).toHaveCount(2);

  await rows.nth(1).getByRole("cell").nth(2).click();
  const sheet = page.getByRole("dialog", { name: "Result" });
  await expect(sheet.getByTestId("transcript")).toContainText("Hi! Your name?");
  await expect(sheet.getByTestId("transcript")).toContainText("Ada");
  await expect(sheet.getByTestId("transcript")).toContainText("London");
  // The whole conversation, up to the closing message after the last input (its variable filled in).
  await expect(sheet.getByTestId("transcript")).toContainText("Bye Ada");
  await page.keyboard.press("Escape");

  const allDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all (CSV)" }).click();
  const csv = await readFile((await (await allDownload).path())!, "utf8");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe("Submitted at,Name,City");
  expect(lines).toHaveLength(3);
  expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
  expect(csv).toContain(",Ada,London");

  await rows.nth(1).getByRole("checkbox").check();
  await expect(page.getByText("1 selected")).toBeVisible();
  const selectedDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export selected" }).click();
  const selectedCsv = await readFile((await (await selectedDownload).path())!, "utf8");
  expect(selectedCsv.trim().split(/\r?\n/)).toHaveLength(2);
  expect(selectedCsv).toContain("Ada");

  await page.getByRole("button", { name: "Delete selected" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete selected" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).not.toContainText("Ada");

  await page.getByRole("button", { name: "Delete all" }).click();
  await page.getByRole("button", { name: "Delete all results" }).click();
  await expect(page.getByText("No results in this period")).toBeVisible();
  await expect(page.getByTestId("stat-views")).toHaveText("0");
});

test("the table loads older results page by page as it scrolls (cursor)", async ({ page, user }) => {
  const bot = await createBot(page.request, user.workspaceId, { name: "Busy bot", ...flow });
  await callMutation(page.request, "publishing.publishBot", { botId: bot.id });
  const { publicId } = await getBot(page.request, bot.id);
  const { chatKey } = await callQuery<{ chatKey: { key: string } }>(page.request, "publishing.getChatKey", {
    botId: bot.id,
  });
  // One page holds 50 results: 55 make a second one.
  for (let index = 1; index <= 55; index++) {
    await chat(page.request, viewerUrl, publicId!, chatKey.key, [`Visitor ${index}`]);
  }

  await page.goto(`/bots/${bot.id}/results`);
  const rows = page
    .getByRole("table", { name: "Results" })
    .locator("tbody tr")
    .filter({ has: page.getByRole("checkbox") });
  await expect(rows).toHaveCount(50);
  await expect(page.getByText("50+ results")).toBeVisible();
  await expect(rows.first()).toContainText("Visitor 55");
  await rows.last().scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(55);
  await expect(page.getByText("55 results")).toBeVisible();
  await expect(rows.last()).toContainText("Visitor 1");
  await expect(rows.last()).not.toContainText("Visitor 10");
});

test("column layout: reorder, hide and resize are saved in the bot, restored on reload, and the CSV follows", async ({
  page,
  user,
}) => {
  const bot = await publishSurveyBot(page.request, user.workspaceId, "Layout");
  await chat(page.request, viewerUrl, bot.publicId, bot.chatKey, ["Ada", "London"]);

  await page.goto(`/bots/${bot.botId}/results`);
  const table = page.getByRole("table", { name: "Results" });
  const headers = table.getByRole("columnheader");
  await expect(headers).toHaveText(["", "Submitted at", "Name", "City", "Status"]);

  // Reorder by dragging the City header onto Name (once the layout is loaded: the handles show).
  await expect(page.getByRole("separator", { name: "Resize the Name column" })).toBeVisible();
  await table
    .getByRole("columnheader", { name: "City" })
    .dragTo(table.getByRole("columnheader", { name: "Name" }));
  await expect(headers).toHaveText(["", "Submitted at", "City", "Name", "Status"]);
  await expect(table.locator("tbody tr").first().getByRole("cell").nth(2)).toHaveText("London");

  // Resize Name by dragging its edge, then by keyboard.
  const nameHeader = table.getByRole("columnheader", { name: "Name" });
  const before = (await nameHeader.boundingBox())!.width;
  const handle = page.getByRole("separator", { name: "Resize the Name column" });
  await expect(handle).toHaveAttribute("aria-valuenow", "200");
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => Math.round((await nameHeader.boundingBox())!.width))
    .toBe(Math.round(before + 120));
  await expect(handle).toHaveAttribute("aria-valuenow", "320");
  await handle.focus();
  await page.keyboard.press("ArrowRight");
  await expect(handle).toHaveAttribute("aria-valuenow", "340");

  // Hide City from the columns menu.
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("dialog", { name: "Columns" }).getByRole("checkbox", { name: "City" }).uncheck();
  await page.keyboard.press("Escape");
  await expect(headers).toHaveText(["", "Submitted at", "Name", "Status"]);
  await expect(page.getByRole("button", { name: "Columns (1 hidden)" })).toBeVisible();

  // Saved in the bot by the builder's autosave, through the same update as other edits.
  await expect
    .poll(async () => (await getBot(page.request, bot.botId)).resultsTablePreferences)
    .toEqual({
      columnsOrder: ["block:ask-city", "block:ask-name"],
      columnsVisibility: { "block:ask-city": false },
      columnsWidth: { "block:ask-name": 340 },
    });

  await page.reload();
  await expect(headers).toHaveText(["", "Submitted at", "Name", "Status"]);
  await expect
    .poll(async () => Math.round((await nameHeader.boundingBox())!.width))
    .toBe(Math.round(before + 140));

  // The CSV has the visible columns in their order: City shown again, before Name.
  await page.getByRole("button", { name: "Columns (1 hidden)" }).click();
  await page.getByRole("dialog", { name: "Columns" }).getByRole("checkbox", { name: "City" }).check();
  await page.keyboard.press("Escape");
  await expect(headers).toHaveText(["", "Submitted at", "City", "Name", "Status"]);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all (CSV)" }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  expect(csv.trim().split(/\r?\n/)).toEqual([
    "Submitted at,City,Name",
    expect.stringMatching(/,London,Ada$/),
  ]);
});
