import { expectNoAxeViolations } from "./support/axe";
import { createBot, expect, signUpNewUser, test } from "./support/fixtures";

test("sharing one bot: the owner shares it as editor, the colleague accepts and edits it alone, then loses it", async ({
  page,
  user,
  browser,
}) => {
  // Two people's browsers through a whole journey: longer than the 60-second default on a busy machine.
  test.setTimeout(180_000);
  const baseURL = test.info().project.use.baseURL;
  const shared = await createBot(page.request, user.workspaceId, { name: "Shared support bot" });
  const other = await createBot(page.request, user.workspaceId, { name: "Private bot" });
  const colleagueContext = await browser.newContext({ baseURL });
  const colleague = await signUpNewUser(colleagueContext.request, "Grace Colleague");

  // The owner opens the Share dialog from the bot's header and adds the colleague as editor.
  await page.goto(`/bots/${shared.id}/settings`);
  await page.getByRole("button", { name: "Share bot" }).click();
  const dialog = page.getByRole("dialog", { name: "Share “Shared support bot”" });
  await expect(
    dialog.getByText("This bot is not shared with anyone outside its workspace yet."),
  ).toBeVisible();
  await dialog.getByLabel("Email of the person to share the bot with").fill(colleague.email);
  await dialog.getByLabel("Role of the person on this bot").selectOption("EDITOR");
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  // Not in the workspace: an invitation to the bot, its link shown to pass on (this install sends no e-mail).
  await expect(dialog.getByLabel(`Invitation link for ${colleague.email}`)).toHaveValue(
    /\/invitations\/[A-Za-z0-9_-]{43}$/,
  );
  const people = dialog.getByRole("list", { name: "People with access to this bot" });
  await expect(people).toContainText("Invited as editor");
  await expectNoAxeViolations(page, "the Share dialog with a pending invitation");

  // The colleague accepts on their dashboard and finds the bot under "Shared with you", alone.
  const colleaguePage = await colleagueContext.newPage();
  await colleaguePage.goto("/dashboard");
  const accept = colleaguePage.getByRole("button", {
    name: "Accept the invitation to the bot Shared support bot",
  });
  await accept.click();
  await expect(colleaguePage.getByText("The bot is shared with you")).toBeVisible();
  const sharedList = colleaguePage.getByRole("list", { name: "Bots shared with you" });
  await expect(sharedList.getByRole("link", { name: /Shared support bot/ })).toContainText("Editor");
  await expect(colleaguePage.getByText("Private bot")).toHaveCount(0);
  await expectNoAxeViolations(colleaguePage, "the dashboard with a bot shared with you");

  // Its pages open for them, editable; the Share button and the workspace's records are not theirs.
  await sharedList.getByRole("link", { name: /Shared support bot/ }).click();
  await expect(colleaguePage).toHaveURL(new RegExp(`/bots/${shared.id}/edit$`));
  await expect(colleaguePage.getByTestId("bot-name")).toHaveText("Shared support bot");
  await colleaguePage.goto(`/bots/${shared.id}/settings`);
  await expect(colleaguePage.getByRole("button", { name: "Share bot" })).toHaveCount(0);
  await expect(
    colleaguePage.getByText("The messaging accounts are the workspace's: a member of it connects the bot"),
  ).toBeVisible();
  await expectNoAxeViolations(colleaguePage, "a shared bot's settings for its editor");
  expect((await colleaguePage.goto(`/bots/${other.id}/edit`))?.status()).toBe(404);

  // The owner sees them with their role, makes them a viewer, then removes the access.
  await page.reload();
  await page.getByRole("button", { name: "Share bot" }).click();
  await expect(people).toContainText(colleague.email);
  await dialog.getByLabel(`Role of ${colleague.email}`).selectOption("VIEWER");
  await expect(page.getByText(`${colleague.email} is now viewer`)).toBeVisible();
  await expectNoAxeViolations(page, "the Share dialog with a collaborator");
  await dialog.getByRole("button", { name: `Remove the access of ${colleague.email}` }).click();
  await expect(page.getByText("Access removed")).toBeVisible();
  await expect(
    dialog.getByText("This bot is not shared with anyone outside its workspace yet."),
  ).toBeVisible();
  expect((await colleaguePage.goto(`/bots/${shared.id}/edit`))?.status()).toBe(404);
  await colleagueContext.close();
});
