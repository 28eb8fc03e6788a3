import { randomUUID } from "node:crypto";
import {
  addMemberByInvitation,
  callMutation,
  createBot,
  expect,
  signUpNewUser,
  test,
} from "./support/fixtures";

test("workspace settings: rename, members and roles, plan, usage and invoices", async ({ page, browser }) => {
  // Two people's browsers through settings, invitation, plan and invoices: longer than the 60-second default.
  test.setTimeout(180_000);
  await signUpNewUser(page.request);
  // A second person with an account on this install.
  const otherContext = await browser.newContext();
  const colleague = await signUpNewUser(otherContext.request, "Grace Hopper");

  await page.goto("/dashboard");
  await page.getByRole("button", { name: /^Workspace: / }).click();
  await page.getByRole("menuitem", { name: "Workspace settings" }).click();
  await expect(page.getByRole("heading", { name: "Workspace settings" })).toBeVisible();

  const name = `Acme ${randomUUID().slice(0, 6)}`;
  await page.getByLabel("Workspace name").fill(name);
  await page.getByLabel("Icon").fill("🦊");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Workspace updated")).toBeVisible();
  await expect(page.getByRole("button", { name: `Workspace: ${name}`, exact: true })).toBeVisible();

  // An address without an account gets an invitation too; this install sends no e-mail, so the link is shown.
  await page.getByLabel("Email of the person to invite").fill("nobody-here@example.test");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(page.getByLabel("Invitation link for nobody-here@example.test")).toHaveValue(
    /\/invitations\//,
  );
  await page.getByRole("button", { name: "Revoke the invitation of nobody-here@example.test" }).click();
  await page.getByRole("button", { name: "Revoke invitation" }).click();
  const pending = page.getByRole("table", { name: "Pending invitations" });
  await expect(pending).toHaveCount(0);

  await page.getByLabel("Email of the person to invite").fill(colleague.email);
  await page.getByLabel("Role of the invited person").selectOption("GUEST");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(pending.getByRole("row", { name: new RegExp(colleague.email) })).toBeVisible();
  // The colleague accepts on their dashboard.
  const colleaguePage = await otherContext.newPage();
  await colleaguePage.goto("/dashboard");
  await colleaguePage.getByRole("button", { name: `Accept the invitation to ${name}` }).click();
  await expect(colleaguePage.getByText("You joined the workspace")).toBeVisible();
  await page.reload();
  const members = page.getByRole("table", { name: "Members" });
  await expect(members.getByRole("row", { name: /Grace Hopper/ })).toBeVisible();
  await expect(page.getByLabel(`Role of ${colleague.email}`)).toHaveValue("GUEST");
  await page.getByLabel(`Role of ${colleague.email}`).selectOption("MEMBER");
  await expect(page.getByText(`${colleague.email} is now member`)).toBeVisible();

  // The colleague now sees the workspace, as a member (no billing).
  await colleaguePage.goto("/workspace/settings");
  await colleaguePage.getByRole("button", { name: /^Workspace: / }).click();
  await colleaguePage.getByRole("menuitem", { name }).click();
  await colleaguePage.goto("/workspace/settings");
  await expect(
    colleaguePage.getByText("Plan, usage and invoices are visible to the workspace's admins."),
  ).toBeVisible();
  await expect(colleaguePage.getByLabel("Workspace name")).toBeDisabled();

  // Plan and usage, invoices; the plan is the instance operators' to change, not the workspace ADMIN's.
  await expect(page.getByText("Free plan")).toBeVisible();
  await expect(page.getByTestId("chats-used")).toHaveText("0 / 200");
  await expect(page.getByLabel("Change plan")).toHaveCount(0);
  await expect(page.getByText("Plans are changed by the instance's operators.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Invoices" })).toBeVisible();
  await expect(page.getByText("No invoices yet")).toBeVisible();

  await page.getByRole("button", { name: `Remove ${colleague.email}` }).click();
  await page.getByRole("button", { name: "Remove member" }).click();
  await expect(members.getByRole("row", { name: /Grace Hopper/ })).toHaveCount(0);
  await otherContext.close();
});

test("bot and credentials pages: 404 outside the workspace, read-only for a guest", async ({
  page,
  user,
  browser,
}) => {
  const bot = await createBot(page.request, user.workspaceId, { name: "Access bot" });
  const otherContext = await browser.newContext();
  const colleague = await signUpNewUser(otherContext.request, "Barbara Liskov");
  const colleaguePage = await otherContext.newPage();
  const pages = [
    `/bots/${bot.id}/edit`,
    `/bots/${bot.id}/theme`,
    `/bots/${bot.id}/settings`,
    `/workspaces/${user.workspaceId}/credentials`,
  ];
  for (const path of pages) {
    const response = await colleaguePage.goto(path);
    expect([path, response?.status()]).toEqual([path, 404]);
  }
  await callMutation(page.request, "bots.deleteBot", { botId: bot.id });
  const deleted = await page.goto(`/bots/${bot.id}/theme`);
  expect(deleted?.status()).toBe(404);

  const kept = await createBot(page.request, user.workspaceId, { name: "Guest bot" });
  await addMemberByInvitation(page.request, otherContext.request, {
    workspaceId: user.workspaceId,
    email: colleague.email,
    role: "GUEST",
  });
  await colleaguePage.goto(`/bots/${kept.id}/theme`);
  await expect(colleaguePage.getByTestId("bot-name")).toHaveText("Guest bot");
  // The theme's fieldset is disabled, and with it every control inside.
  await expect(colleaguePage.getByRole("button", { name: "Reset" })).toBeDisabled();
  await colleaguePage.goto(`/workspaces/${user.workspaceId}/credentials`);
  await expect(colleaguePage.getByText("Credentials are managed by the workspace's members.")).toBeVisible();

  await page.goto(`/bots/${kept.id}/theme`);
  await expect(page.getByRole("button", { name: "Reset" })).toBeEnabled();
  await otherContext.close();
});
