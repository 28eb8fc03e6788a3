import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { viewerUrl } from "./support/bots";
import { callMutation, callQuery, createBot, expect, getBot, test } from "./support/fixtures";

const flow = {
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e1" }],
  groups: [
    {
      id: "g1",
      title: "Ask",
      graphCoordinates: { x: 300, y: 0 },
      blocks: [
        {
          id: "hello",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Hi! Your name?" }] }] },
        },
        { id: "ask-name", type: "text input", options: { variableId: "v-name" } },
        { id: "ask-city", type: "text input", options: { variableId: "v-city" } },
        {
          id: "bye",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Bye {{Name}}" }] }] },
        },
      ],
    },
  ],
  edges: [{ id: "e1", from: { eventId: "start" }, to: { groupId: "g1" } }],
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-city", name: "City" },
  ],
};

/** One conversation through the public chat API, as a visitor's widget would hold it. */
async function chat(
  request: APIRequestContext,
  viewerUrl: string,
  publicId: string,
  chatKey: string,
  replies: string[],
) {
  const headers = { Authorization: `Bearer ${chatKey}` };
  const started = await request.post(`${viewerUrl}/api/v1/bots/${publicId}/startChat`, { headers, data: {} });
  expect(started.status()).toBe(200);
  const { sessionId } = await started.json();
  for (const text of replies) {
    const answer = await request.post(`${viewerUrl}/api/v1/sessions/${sessionId}/continueChat`, {
      headers,
      data: { message: { type: "text", text } },
    });
    expect(answer.status()).toBe(200);
  }
}

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
  // The API's transcript: the bubbles before each input, then the answer.
  await expect(sheet.getByTestId("transcript")).toContainText("London");
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
