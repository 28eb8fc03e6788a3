import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "./support/axe";
import { expect, signUpNewUser, test } from "./support/fixtures";

const phone = { width: 390, height: 844 };

test("invitations: an ADMIN invites by keyboard on a phone, the link creates the account and joins once; an existing user accepts on the dashboard", async ({
  page,
  user,
  browser,
}) => {
  // Several people's browsers through a whole journey: longer than the 60-second default on a busy machine.
  test.setTimeout(180_000);
  const baseURL = test.info().project.use.baseURL;
  await page.setViewportSize(phone);
  await page.goto("/workspace/settings");
  const email = `invited-${randomUUID()}@example.test`;

  // Keyboard only: the address, the role, then Enter submits.
  await page.getByLabel("Email of the person to invite").focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Role of the invited person")).toBeFocused();
  await page.getByLabel("Role of the invited person").selectOption("GUEST");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Enter");
  const linkField = page.getByLabel(`Invitation link for ${email}`);
  await expect(linkField).toHaveValue(/\/invitations\/[A-Za-z0-9_-]{43}$/);
  const url = new URL(await linkField.inputValue());
  const pending = page.getByRole("table", { name: "Pending invitations" });
  await expect(pending.getByRole("row", { name: new RegExp(email) })).toContainText("Guest");
  await expectNoAxeViolations(page, "the members section with a pending invitation");

  // The invited person, signed out, on a phone: the link's page creates the account and joins.
  const invitee = await browser.newContext({ baseURL, viewport: phone });
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(url.pathname);
  const workspaceName = `${user.name}'s workspace`;
  await expect(inviteePage.getByRole("heading", { name: `Join ${workspaceName}` })).toBeVisible();
  await expect(inviteePage.getByLabel("Email")).toHaveValue(email);
  await expectNoAxeViolations(inviteePage, "the invitation link's page");
  await inviteePage.getByLabel("Name").fill("Ada Invited");
  await inviteePage.getByLabel("New password", { exact: true }).fill("an invited passphrase");
  await inviteePage.getByLabel("Confirm the new password").fill("an invited passphrase");
  await inviteePage.keyboard.press("Enter");
  await expect(inviteePage).toHaveURL(/\/dashboard$/);
  await expect(inviteePage.getByRole("heading", { name: workspaceName })).toBeVisible();

  await page.reload();
  const members = page.getByRole("table", { name: "Members" });
  await expect(members.getByRole("row", { name: /Ada Invited/ })).toBeVisible();
  await expect(page.getByLabel(`Role of ${email}`)).toHaveValue("GUEST");
  await expect(pending).toHaveCount(0);

  // The link works once.
  const later = await browser.newContext({ baseURL });
  const laterPage = await later.newPage();
  await laterPage.goto(url.pathname);
  await expect(laterPage.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();
  await expectNoAxeViolations(laterPage, "a used invitation link");

  // Someone with an account: the invitation waits on their dashboard until they accept it.
  const colleagueContext = await browser.newContext({ baseURL, viewport: phone });
  const colleague = await signUpNewUser(colleagueContext.request, "Grace Colleague");
  await page.getByLabel("Email of the person to invite").fill(colleague.email);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(pending.getByRole("row", { name: new RegExp(colleague.email) })).toBeVisible();
  const colleaguePage = await colleagueContext.newPage();
  await colleaguePage.goto("/dashboard");
  const accept = colleaguePage.getByRole("button", { name: `Accept the invitation to ${workspaceName}` });
  await expect(accept).toBeVisible();
  await expectNoAxeViolations(colleaguePage, "the dashboard with a pending invitation");
  await accept.focus();
  await colleaguePage.keyboard.press("Enter");
  await expect(colleaguePage.getByText("You joined the workspace")).toBeVisible();
  await expect(accept).toHaveCount(0);
  await page.reload();
  await expect(members.getByRole("row", { name: /Grace Colleague/ })).toBeVisible();
  await Promise.all([invitee.close(), later.close(), colleagueContext.close()]);
});

test("invite links: an ADMIN makes a link for one use; a new person joins by it, the next is refused", async ({
  page,
  user,
  browser,
}) => {
  // Several people's browsers through a whole journey: longer than the 60-second default on a busy machine.
  test.setTimeout(180_000);
  const baseURL = test.info().project.use.baseURL;
  await page.setViewportSize(phone);
  await page.goto("/workspace/settings");
  await page.getByLabel("Role", { exact: true }).selectOption("GUEST");
  await page.getByLabel("Uses at most").fill("1");
  await page.getByRole("button", { name: "Create link" }).click();
  const linkField = page.getByLabel("New invite link");
  await expect(linkField).toHaveValue(/\/join\/[A-Za-z0-9_-]{43}$/);
  const url = new URL(await linkField.inputValue());
  const links = page.getByRole("table", { name: "Invite links" });
  await expect(links.getByRole("row").nth(1)).toContainText("0 / 1");
  await expectNoAxeViolations(page, "the members section with an invite link");

  const workspaceName = `${user.name}'s workspace`;
  const newcomer = await browser.newContext({ baseURL, viewport: phone });
  const newcomerPage = await newcomer.newPage();
  await newcomerPage.goto(url.pathname);
  await expect(newcomerPage.getByRole("heading", { name: `Join ${workspaceName}` })).toBeVisible();
  await expectNoAxeViolations(newcomerPage, "the invite link's page");
  const email = `joined-${randomUUID()}@example.test`;
  await newcomerPage.getByLabel("Name").fill("Linus Link");
  await newcomerPage.getByLabel("Email").fill(email);
  await newcomerPage.getByLabel("New password", { exact: true }).fill("a link passphrase");
  await newcomerPage.getByLabel("Confirm the new password").fill("a link passphrase");
  await newcomerPage.keyboard.press("Enter");
  await expect(newcomerPage).toHaveURL(/\/dashboard$/);
  await expect(newcomerPage.getByRole("heading", { name: workspaceName })).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole("table", { name: "Members" }).getByRole("row", { name: /Linus Link/ }),
  ).toBeVisible();
  await expect(links.getByRole("row").nth(1)).toContainText("1 / 1");
  const late = await browser.newContext({ baseURL });
  const latePage = await late.newPage();
  await latePage.goto(url.pathname);
  await expect(latePage.getByRole("heading", { name: "This invite link no longer works" })).toBeVisible();
  await Promise.all([newcomer.close(), late.close()]);
});
