import { createBot, expect, getBot, test } from "./support/fixtures";

test("messaging settings: a WhatsApp account added in place, its webhook URL, then answering switched on", async ({
  page,
  user,
}) => {
  const bot = await createBot(page.request, user.workspaceId, { name: "WhatsApp bot" });
  await page.goto(`/bots/${bot.id}/settings`);
  const answer = page.getByRole("switch", { name: "Answer on messaging channels" });
  await expect(answer).toBeDisabled();
  await expect(page.getByText("Choose a WhatsApp account first.")).toBeVisible();
  await expect(page.getByLabel("Webhook URL")).toHaveCount(0);

  await page.getByLabel("WhatsApp account").selectOption("Add new WhatsApp credentials…");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Support number");
  await dialog.getByLabel("System user access token").fill("EAAG-e2e-messaging-token");
  await dialog.getByLabel("Phone number ID").fill("109876543210987");
  await dialog.getByLabel("App secret").fill("e2e-app-secret");
  await dialog.getByLabel("Verify token").fill("e2e-verify-token");
  await dialog.getByRole("button", { name: "Save credentials" }).click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByLabel("WhatsApp account")).toHaveValue(/\S/);
  const credentialsId = await page.getByLabel("WhatsApp account").inputValue();
  expect((await getBot(page.request, bot.id)).messagingCredentialsId).toBe(credentialsId);
  await expect(page.getByLabel("Webhook URL")).toHaveValue(
    new RegExp(`^https?://[^/]+/api/v1/workspaces/${user.workspaceId}/whatsapp/${credentialsId}/webhook$`),
  );

  await answer.click();
  await expect(page.getByTestId("save-status")).toContainText("Saved");
  expect((await getBot(page.request, bot.id)).settings).toMatchObject({ messaging: { isEnabled: true } });

  await page.reload();
  await expect(page.getByLabel("WhatsApp account")).toHaveValue(credentialsId);
  await expect(answer).toBeChecked();
  await page.getByLabel("WhatsApp account").selectOption("None");
  await expect(page.getByLabel("Webhook URL")).toHaveCount(0);
  await expect.poll(async () => (await getBot(page.request, bot.id)).messagingCredentialsId).toBeNull();
});
