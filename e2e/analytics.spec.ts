import { readFile } from "node:fs/promises";
import { viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";
import { chat, publishSurveyBot } from "./support/surveyBot";

/** `YYYY-MM-DD` of the browser's local day, `offset` days from today. */
const localDay = (offset: number) => {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
};

test("analytics: charts over time, the drop-off funnel and custom ranges", async ({ page, user }) => {
  const bot = await publishSurveyBot(page.request, user.workspaceId, "Charted");
  await chat(page.request, viewerUrl, bot.publicId, bot.chatKey, ["Ada", "London"]);
  await chat(page.request, viewerUrl, bot.publicId, bot.chatKey, ["Grace", "Paris"]);
  await chat(page.request, viewerUrl, bot.publicId, bot.chatKey, ["Bob"]);
  await chat(page.request, viewerUrl, bot.publicId, bot.chatKey, []);

  await page.goto(`/bots/${bot.botId}/results`);
  await expect(page.getByTestId("stat-views")).toHaveText("4");
  await expect(page.getByTestId("stat-completion-rate")).toHaveText("50%");

  // Today: under 3 days, so per hour; the chart is drawn and its numbers are in a table too.
  await page.getByLabel("Period").selectOption("Today");
  const chart = page.getByRole("region", { name: /Over time/ });
  await expect(chart.getByRole("heading")).toHaveText("Over time · per hour");
  await expect(chart.getByRole("img", { name: /4 views and 2 completions over 24 hours/ })).toBeVisible();
  await expect(chart.getByTestId("stats-chart").locator("canvas")).toBeVisible();
  await expect(chart.locator(".u-legend")).toContainText(/Views.*Starts.*Completed.*Completion rate/);
  await chart.getByText("Show the numbers").click();
  const numbers = chart.getByRole("table", { name: "Chats over time" });
  await expect(numbers.locator("tbody tr")).toHaveCount(24);
  const busyHour = numbers
    .locator("tbody tr")
    .filter({ has: page.locator("td:nth-child(2)", { hasText: /^4$/ }) });
  await expect(busyHour).toHaveCount(1);
  await expect(busyHour.getByRole("cell")).toHaveText([/^\d{4}-\d{2}-\d{2} \d{2}:00$/, "4", "3", "2", "50%"]);
  // Hovering the chart shows a point's values in the legend.
  const box = (await chart.locator(".u-over").boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(chart.locator(".u-legend .u-series").first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

  // The funnel: 4 chats reached Name, 3 answered; 3 reached City, 2 answered.
  const funnel = page.getByRole("list", { name: "Drop-off funnel", exact: true });
  await expect(funnel.getByTestId("funnel-step")).toHaveCount(2);
  await expect(funnel.getByTestId("funnel-step").nth(0)).toContainText("Name");
  await expect(funnel.getByTestId("funnel-step").nth(0)).toContainText(
    "4 reached · 3 answered · 1 dropped (25%)",
  );
  await expect(funnel.getByTestId("funnel-step").nth(1)).toContainText("City");
  await expect(funnel.getByTestId("funnel-step").nth(1)).toContainText(
    "3 reached · 2 answered · 1 dropped (33%)",
  );

  // A custom range of the last 7 days: per day, everything today.
  await page.getByLabel("Period").selectOption("Custom range");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(localDay(-6));
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(localDay(0));
  await expect(chart.getByRole("heading")).toHaveText("Over time · per day");
  await expect(page.getByTestId("stat-views")).toHaveText("4");
  await expect(numbers.locator("tbody tr")).toHaveCount(7);
  await expect(numbers.locator("tbody tr").last().getByRole("cell")).toHaveText([
    localDay(0),
    "4",
    "3",
    "2",
    "50%",
  ]);

  // Yesterday alone: nothing; the table says so.
  await page.getByLabel("To", { exact: true }).fill(localDay(-1));
  await page.getByLabel("From", { exact: true }).fill(localDay(-1));
  await expect(page.getByTestId("stat-views")).toHaveText("0");
  await expect(page.getByText("No results in this period")).toBeVisible();
  await expect(funnel.getByTestId("funnel-step").nth(0)).toContainText("0 reached");

  // A first day after the last one is refused and not applied.
  await page.getByLabel("From", { exact: true }).fill(localDay(0));
  await expect(page.getByRole("alert").filter({ hasText: "first day" })).toHaveText(
    "The first day must not be after the last one.",
  );
  await expect(page.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("stat-views")).toHaveText("0");
  await page.getByLabel("To", { exact: true }).fill(localDay(0));
  await expect(page.getByTestId("stat-views")).toHaveText("4");
  await expect(page.getByRole("table", { name: "Results" }).locator("tbody tr")).toHaveCount(4);
});

test("results filters: completed or not and answer text, in the table and the CSV export", async ({
  page,
  user,
}) => {
  const bot = await publishSurveyBot(page.request, user.workspaceId, "Filtered");
  await chat(page.request, viewerUrl, bot.publicId, bot.chatKey, ["Ada", "London"]);
  await chat(page.request, viewerUrl, bot.publicId, bot.chatKey, ["Bob"]);
  await chat(page.request, viewerUrl, bot.publicId, bot.chatKey, ["Grace", "Adelaide"]);

  await page.goto(`/bots/${bot.botId}/results`);
  const rows = page.getByRole("table", { name: "Results" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);

  await page.getByLabel("Status").selectOption("Completed");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Grace");
  await expect(rows.nth(1)).toContainText("Ada");

  await page.getByLabel("Answer contains").fill("ADE");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Adelaide");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export matching (CSV)" }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  expect(csv.trim().split(/\r?\n/)).toEqual([
    "Submitted at,Name,City",
    expect.stringMatching(/,Grace,Adelaide$/),
  ]);

  await page.getByLabel("Answer contains").fill("");
  await page.getByLabel("Status").selectOption("Not completed");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Bob");
  await page.getByLabel("Answer contains").fill("nobody said this");
  await expect(page.getByText("No results match these filters")).toBeVisible();
});
