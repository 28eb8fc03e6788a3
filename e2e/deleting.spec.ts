import {
  addMemberByInvitation,
  callMutation,
  createBot,
  expect,
  signUpNewUser,
  test,
} from "./support/fixtures";

test("an admin deletes a workspace after typing its name; its bots are gone", async ({ page, user }) => {
  const bot = await createBot(page.request, user.workspaceId, { name: "Doomed bot" });
  const workspaceName = `${user.name}'s workspace`;
  await page.goto("/workspace/settings");
  await expect(page.getByRole("heading", { name: "Delete this workspace" })).toBeVisible();
  await page.getByRole("button", { name: "Delete workspace" }).click();

  const dialog = page.getByRole("dialog", { name: `Delete “${workspaceName}”?` });
  const confirm = dialog.getByRole("button", { name: "Delete this workspace" });
  const typed = dialog.getByLabel(`Type the workspace's name, ${workspaceName}, to confirm`);
  await expect(confirm).toBeDisabled();
  await typed.fill(workspaceName.toLowerCase());
  await expect(confirm).toBeDisabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  // Nothing happened.
  const still = await page.request.get(
    `/api/trpc/bots.getBot?input=${encodeURIComponent(JSON.stringify({ botId: bot.id }))}`,
  );
  expect(still.status()).toBe(200);

  await page.getByRole("button", { name: "Delete workspace" }).click();
  await typed.fill(workspaceName);
  await confirm.click();
  await expect(page.getByText(`Workspace “${workspaceName}” deleted`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // It was the user's only workspace.
  await expect(page.getByText("You are not in any workspace")).toBeVisible();
  const gone = await page.request.get(
    `/api/trpc/bots.getBot?input=${encodeURIComponent(JSON.stringify({ botId: bot.id }))}`,
  );
  expect(gone.status()).toBe(404);

  await page.getByRole("button", { name: "Create a workspace" }).click();
  await page.getByRole("dialog").getByLabel("Workspace name").fill("A fresh start");
  await page.getByRole("dialog").getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByRole("button", { name: "Workspace: A fresh start", exact: true })).toBeVisible();
});

test("deleting an account is blocked while it is a shared workspace's only admin, then signs out for good", async ({
  page,
  user,
  browser,
}) => {
  const colleagueContext = await browser.newContext();
  const colleague = await signUpNewUser(colleagueContext.request, "Grace Hopper");
  await addMemberByInvitation(page.request, colleagueContext.request, {
    workspaceId: user.workspaceId,
    email: colleague.email,
    role: "MEMBER",
  });

  await page.goto("/account");
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your password, to confirm").fill("not my password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The password is wrong");
  await dialog.getByLabel("Your password, to confirm").fill(user.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    `You are the only admin of “${user.name}'s workspace”, which has other members. Make one of them an admin, or delete the workspace, before deleting your account.`,
  );

  // Handing the workspace over lifts the block.
  await callMutation(page.request, "members.updateMemberRole", {
    workspaceId: user.workspaceId,
    userId: colleague.id,
    role: "ADMIN",
  });
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/sign-in\?deleted=1$/);
  await expect(page.getByRole("status")).toHaveText("Your account was deleted.");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password" })).toBeVisible();

  // The colleague keeps the workspace, now alone in it.
  const colleaguePage = await colleagueContext.newPage();
  await colleaguePage.goto("/workspace/settings");
  await colleaguePage.getByRole("button", { name: /^Workspace: / }).click();
  await colleaguePage.getByRole("menuitem", { name: `${user.name}'s workspace` }).click();
  await colleaguePage.goto("/workspace/settings");
  const members = colleaguePage.getByRole("table", { name: "Members" });
  await expect(members.getByRole("row", { name: /Grace Hopper/ })).toBeVisible();
  await expect(members.getByRole("row", { name: new RegExp(user.email) })).toHaveCount(0);
  await colleagueContext.close();
});
