import type { Page } from "@playwright/test";
import { callMutation, expect, signUpNewUser, test } from "./support/fixtures";

// Product screenshots (e2e/artifacts/screenshots/): the dashboard, the theme editor and the
// share tab at a desktop and a 375 px phone width, on a workspace with folders and bots from
// templates (one of them published).
const viewports = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 375, height: 812 },
] as const;
const screenshotDir = "e2e/artifacts/screenshots";

async function createFromTemplate(page: Page, template: string) {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Create bot" }).first().click();
  await page.getByRole("button", { name: template }).click();
  await expect(page).toHaveURL(/\/bots\/[^/]+\/edit$/);
  return page.url().split("/").at(-2)!;
}

test("screenshots of the dashboard, the theme editor and the share tab", async ({ page }) => {
  await signUpNewUser(page.request);
  test.setTimeout(180_000);
  let themedBotId = "";
  for (const template of ["Lead generation", "Support triage", "NPS survey", "Appointment request"]) {
    themedBotId = await createFromTemplate(page, template);
  }
  await callMutation(page.request, "publishing.publishBot", { botId: themedBotId });
  await page.goto("/dashboard");
  for (const folder of ["Marketing", "Customer success"]) {
    await page.getByRole("button", { name: "New folder" }).click();
    await page.getByLabel("Folder name").fill(folder);
    await page.getByRole("button", { name: "Create folder" }).click();
    await expect(page.getByTestId("folder-card").filter({ hasText: folder })).toBeVisible();
  }

  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto("/dashboard");
    await expect(page.getByTestId("bot-card")).toHaveCount(4);
    await page.screenshot({
      path: `${screenshotDir}/dashboard-${viewport.name}.png`,
      fullPage: true,
      animations: "disabled",
    });

    await page.goto(`/bots/${themedBotId}/theme`);
    await expect(page.getByRole("heading", { name: "Theme" })).toBeVisible();
    if (viewport.name === "phone") {
      await page.screenshot({
        path: `${screenshotDir}/theme-editor-${viewport.name}.png`,
        animations: "disabled",
      });
      await page.getByRole("tab", { name: "Preview" }).click();
      await expect(page.getByTestId("theme-preview")).toBeVisible();
      await expect(page.getByTestId("theme-preview").getByText("This is how your bot looks")).toBeVisible();
      await page.screenshot({
        path: `${screenshotDir}/theme-preview-${viewport.name}.png`,
        animations: "disabled",
      });
    } else {
      await expect(page.getByTestId("theme-preview").getByText("This is how your bot looks")).toBeVisible();
      await page.screenshot({
        path: `${screenshotDir}/theme-editor-${viewport.name}.png`,
        animations: "disabled",
      });
    }

    await page.goto(`/bots/${themedBotId}/share`);
    await expect(page.getByTestId("chat-key")).toBeVisible();
    await page.screenshot({
      path: `${screenshotDir}/share-tab-${viewport.name}.png`,
      fullPage: true,
      animations: "disabled",
    });
  }
});
