import { expect, test } from "./support/fixtures";

test("workspace credentials: add, see without the secret, delete", async ({ page, user }) => {
  const apiKey = "sk-e2e-credentials-screen-9876543210";
  await page.goto(`/workspaces/${user.workspaceId}/credentials`);
  await expect(page.getByRole("heading", { name: "Credentials" }).first()).toBeVisible();
  await expect(page.getByText("No credentials yet.")).toBeVisible();

  await page.getByRole("button", { name: "Add credentials" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Type").selectOption("openai");
  await dialog.getByLabel("Name").fill("Team OpenAI");
  await dialog.getByLabel("API key").fill(apiKey);
  await dialog.getByRole("button", { name: "Save credentials" }).click();
  await expect(dialog).toHaveCount(0);

  const table = page.getByRole("table", { name: "Credentials" });
  await expect(table.getByRole("row", { name: /Team OpenAI\s+OpenAI/ })).toBeVisible();
  await page.reload();
  await expect(table.getByText("Team OpenAI")).toBeVisible();
  expect(await page.content()).not.toContain(apiKey);

  await page.getByRole("button", { name: "Delete Team OpenAI" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No credentials yet.")).toBeVisible();
});

test("workspace credentials: a WhatsApp account with its four fields", async ({ page, user }) => {
  const accessToken = "EAAG-e2e-whatsapp-system-user-token";
  await page.goto(`/workspaces/${user.workspaceId}/credentials`);
  await page.getByRole("button", { name: "Add credentials" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Type").selectOption("whatsApp");
  await dialog.getByLabel("Name").fill("Support number");
  await dialog.getByLabel("System user access token").fill(accessToken);
  await dialog.getByLabel("Phone number ID").fill("not a number");
  await dialog.getByLabel("App secret").fill("e2e-app-secret");
  await dialog.getByLabel("Verify token").fill("e2e-verify-token");
  await dialog.getByRole("button", { name: "Save credentials" }).click();
  await expect(dialog.getByText("Must be the phone number ID (digits) from Meta's console")).toBeVisible();

  await dialog.getByLabel("Phone number ID").fill("109876543210987");
  await dialog.getByRole("button", { name: "Save credentials" }).click();
  await expect(dialog).toHaveCount(0);
  const table = page.getByRole("table", { name: "Credentials" });
  await expect(table.getByRole("row", { name: /Support number\s+WhatsApp/ })).toBeVisible();
  expect(await page.content()).not.toContain(accessToken);
});
