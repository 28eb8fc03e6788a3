import leadGeneration from "../apps/builder/src/templates/flows/lead-generation.json" with { type: "json" };
import { expectNoAxeViolations } from "./support/axe";
import { createBot, expect, test } from "./support/fixtures";

const phone = { width: 375, height: 800 };

test("the audit log: a bot published in the builder shows as bot.published, filtered, on a phone", async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const bot = await createBot(page.request, user.workspaceId, {
    name: "Audited bot",
    events: leadGeneration.events,
    groups: leadGeneration.groups,
    edges: leadGeneration.edges,
    variables: leadGeneration.variables,
  });
  await page.goto(`/bots/${bot.id}/share`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("banner").getByText("Published")).toBeVisible();

  await page.setViewportSize(phone);
  await page.goto("/workspace/settings");
  await page.getByRole("link", { name: "Open the audit log" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  const entries = page.getByRole("table", { name: "Audit log entries" });
  const published = entries.getByRole("row").filter({ hasText: "bot.published" });
  await expect(published).toHaveCount(1);
  await expect(published).toContainText(user.email);
  await expect(published).toContainText(bot.id);
  await expect(entries.getByRole("row").filter({ hasText: "bot.created" })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await expectNoAxeViolations(page, "the audit log on a phone");

  // Filters: by action, then by member.
  await page.getByLabel("Action", { exact: true }).selectOption("bot.published");
  await expect(entries.getByRole("row").filter({ hasText: "bot.created" })).toHaveCount(0);
  await expect(entries.getByRole("row").filter({ hasText: "bot.published" })).toHaveCount(1);
  await page.getByLabel("Action", { exact: true }).selectOption("credentials.deleted");
  await expect(page.getByText("Nothing recorded matches these filters.")).toBeVisible();
  await page.getByLabel("Action", { exact: true }).selectOption("");
  await page.getByLabel("Member", { exact: true }).selectOption({ label: user.email });
  await expect(entries.getByRole("row").filter({ hasText: "bot.published" })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Older" })).toBeDisabled();
});
