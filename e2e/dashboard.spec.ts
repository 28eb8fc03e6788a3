import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signUpNewUser, test } from "./support/fixtures";

const botCard = (page: Page, name: string) => page.getByTestId("bot-card").filter({ hasText: name });
const folderCard = (page: Page, name: string) => page.getByTestId("folder-card").filter({ hasText: name });

async function createBlankBot(page: Page, name: string) {
  await page.getByRole("button", { name: "Create bot" }).first().click();
  await page.getByLabel("Bot name").fill(name);
  await page.getByRole("button", { name: "Start from scratch" }).click();
  await expect(page).toHaveURL(/\/bots\/[^/]+\/edit$/);
}

async function openBotMenu(page: Page, name: string) {
  await page
    .getByRole("button", { name: `Actions of ${name}` })
    .first()
    .click();
}

test("folders: nested creation, breadcrumb, drag a bot in and out, move, rename, delete", async ({
  page,
  user,
}) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: `${user.name}'s workspace` })).toBeVisible();
  await expect(page.getByText("No bots yet")).toBeVisible();

  await createBlankBot(page, "Support bot");
  await page.goto("/dashboard");
  await expect(botCard(page, "Support bot")).toContainText("Draft");

  await page.getByRole("button", { name: "New folder" }).click();
  await page.getByLabel("Folder name").fill("Marketing");
  await page.getByRole("button", { name: "Create folder" }).click();
  await expect(folderCard(page, "Marketing")).toBeVisible();

  // Drag the bot card onto the folder.
  await botCard(page, "Support bot").dragTo(folderCard(page, "Marketing"));
  await expect(page.getByText("“Support bot” moved")).toBeVisible();
  await expect(botCard(page, "Support bot")).toHaveCount(0);

  await folderCard(page, "Marketing").getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Marketing" })).toBeVisible();
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb).toContainText(`${user.name}'s workspace`);
  await expect(botCard(page, "Support bot")).toBeVisible();

  // A nested folder, then the keyboard way of moving a bot into it.
  await page.getByRole("button", { name: "New folder" }).click();
  await page.getByLabel("Folder name").fill("Campaigns");
  await page.getByRole("button", { name: "Create folder" }).click();
  await openBotMenu(page, "Support bot");
  await page.getByRole("menuitem", { name: "Move to folder…" }).click();
  await page.getByRole("dialog").getByLabel("Campaigns").check();
  await page.getByRole("button", { name: "Move here" }).click();
  await expect(botCard(page, "Support bot")).toHaveCount(0);

  await page.getByRole("button", { name: "Actions of folder Campaigns" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await page.getByLabel("Folder name").fill("Q4 campaigns");
  await page.getByRole("button", { name: "Rename" }).click();
  await folderCard(page, "Q4 campaigns").getByRole("link").click();
  await expect(breadcrumb).toContainText("Marketing");
  await expect(page.getByRole("heading", { name: "Q4 campaigns" })).toBeVisible();
  await expect(botCard(page, "Support bot")).toBeVisible();

  // Drag it back up onto the "Marketing" crumb.
  await botCard(page, "Support bot").dragTo(breadcrumb.getByRole("link", { name: "Marketing" }));
  await expect(botCard(page, "Support bot")).toHaveCount(0);
  await breadcrumb.getByRole("link", { name: "Marketing" }).click();
  await expect(botCard(page, "Support bot")).toBeVisible();

  // Deleting the folder keeps its bots: they move to the top level.
  await breadcrumb.getByRole("link", { name: `${user.name}'s workspace` }).click();
  await page.getByRole("button", { name: "Actions of folder Marketing" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete folder" }).click();
  await expect(folderCard(page, "Marketing")).toHaveCount(0);
  await expect(botCard(page, "Support bot")).toBeVisible();
});

test("bots: template, export, import (own and Typebot), duplicate, delete", async ({ page }) => {
  await signUpNewUser(page.request);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Create bot" }).first().click();
  await expect(page.getByRole("list", { name: "Templates" }).getByRole("button")).toHaveCount(8);
  await page.getByRole("button", { name: "NPS survey" }).click();
  await expect(page).toHaveURL(/\/bots\/[^/]+\/edit$/);
  await page.goto("/dashboard");
  await expect(botCard(page, "NPS survey")).toBeVisible();

  await openBotMenu(page, "NPS survey");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export JSON" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("nps-survey.json");
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported).toMatchObject({ name: "NPS survey", version: "6.1" });
  expect(exported.groups).toHaveLength(5);

  await page.getByTestId("import-bot-file").setInputFiles({
    name: "nps-survey.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(exported)),
  });
  await expect(page.getByText("“NPS survey” imported")).toBeVisible();
  await expect(botCard(page, "NPS survey")).toHaveCount(2);

  await page
    .getByTestId("import-bot-file")
    .setInputFiles(path.join(import.meta.dirname, "fixtures/typebot-export-v6.json"));
  await expect(botCard(page, "Coffee order (Typebot export)")).toBeVisible();
  await botCard(page, "Coffee order (Typebot export)").getByRole("link").click();
  await expect(page.getByTestId("bot-name")).toHaveText("Coffee order (Typebot export)");
  await page.goto("/dashboard");

  await page.getByTestId("import-bot-file").setInputFiles({
    name: "broken.json",
    mimeType: "application/json",
    buffer: Buffer.from("{ not json"),
  });
  await expect(page.getByText("broken.json is not a JSON file")).toBeVisible();

  await openBotMenu(page, "Coffee order (Typebot export)");
  await page.getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(page.getByTestId("bot-card")).toHaveCount(4);

  await openBotMenu(page, "Coffee order (Typebot export)");
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page.getByRole("dialog")).toContainText("Its results are deleted too");
  await page.getByRole("button", { name: "Delete bot" }).click();
  await expect(page.getByText("Bot deleted")).toBeVisible();
  await expect(page.getByTestId("bot-card")).toHaveCount(3);
});

test("import: the warnings are listed, an unsupported plug-in reads as such and exports back unchanged", async ({
  page,
}) => {
  const fixture = path.join(
    import.meta.dirname,
    "../packages/api/src/routers/bots/fixtures/typebot-exports/typebot-v6-event.json",
  );
  const original = JSON.parse(await readFile(fixture, "utf8"));
  await signUpNewUser(page.request);
  await page.goto("/dashboard");
  await page.getByTestId("import-bot-file").setInputFiles(fixture);
  const dialog = page.getByRole("dialog", { name: "Imported with 7 warnings" });
  await expect(dialog.getByRole("listitem")).toHaveCount(7);
  await expect(dialog).toContainText(
    'The "blink" block is not supported yet: it was kept as it is and will be skipped when the bot runs',
  );
  await expect(dialog).toContainText(
    'The item id "i-talks" was used twice; the second one is now "i-talks-2"',
  );
  await dialog.getByRole("button", { name: "Open “Event check-in (v6)”" }).click();

  await expect(page).toHaveURL(/\/bots\/[^/]+\/edit$/);
  const block = page.getByTestId("block").filter({ hasText: "Not supported yet: blink" });
  await block.click();
  const settings = page.getByTestId("block-settings");
  await expect(settings.getByTestId("unsupported-block-fields")).toContainText("Not supported yet: blink");
  await expect(settings.getByLabel("title")).toHaveValue("Checked in");
  await expect(settings.getByLabel("title")).not.toBeEditable();

  await page.goto("/dashboard");
  await openBotMenu(page, "Event check-in (v6)");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export JSON" }).click();
  const exported = JSON.parse(await readFile((await (await downloadPromise).path())!, "utf8"));
  expect(exported.groups[0].blocks[8]).toEqual(original.groups[0].blocks[8]);
});

test("workspaces: create one and switch between them", async ({ page, user }) => {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: /^Workspace: / }).click();
  await page.getByRole("menuitem", { name: "New workspace" }).click();
  await page.getByLabel("Icon").fill("🚀");
  await page.getByLabel("Workspace name").fill("Acme support");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByRole("heading", { name: "Acme support" })).toBeVisible();
  await expect(page.getByText("No bots yet")).toBeVisible();

  await page.getByRole("button", { name: /^Workspace: Acme support/ }).click();
  await page.getByRole("menuitem", { name: `${user.name}'s workspace` }).click();
  await expect(page.getByRole("heading", { name: `${user.name}'s workspace` })).toBeVisible();
  // The choice is remembered across reloads.
  await page.reload();
  await expect(page.getByRole("heading", { name: `${user.name}'s workspace` })).toBeVisible();
});
