import { randomUUID } from "node:crypto";
import { type LocalOidcProvider, startOidcProvider } from "@parley/integrations/testing/startOidcProvider";
import { expectNoAxeViolations } from "./support/axe";
import { callMutation, expect, test } from "./support/fixtures";
import { startDnsOnSharedPort } from "./support/localDns";

test("workspace single sign-on: configured and required by its ADMIN; a member's password session is sent to the provider and signs in through it", async ({
  page,
  user,
  browser,
}) => {
  test.setTimeout(240_000);
  const clientSecret = `secret-${randomUUID()}`;
  const oidc: LocalOidcProvider = await startOidcProvider({
    clientId: "parley-e2e",
    clientSecret,
    redirectUris: ["http://localhost/unused"],
  });
  const dns = await startDnsOnSharedPort();
  const domain = `acme-${randomUUID().slice(0, 8)}.test`;
  const login = `grace-${randomUUID().slice(0, 8)}`;
  const memberEmail = `${login}@${domain}`;
  try {
    // The ADMIN claims the company's domain and proves it by DNS.
    await page.goto("/workspace/settings");
    const section = page.getByRole("region", { name: "Single sign-on" });
    await section.getByLabel("E-mail domain", { exact: true }).fill(domain);
    await section.getByRole("button", { name: "Add domain" }).click();
    const domains = section.getByRole("list", { name: "Domains" });
    await expect(domains.getByText(`_parley.${domain}`)).toBeVisible();
    const txtValue = (await domains.getByText(/^parley-workspace=/).textContent()) ?? "";
    dns.setTxtRecord(`_parley.${domain}`, [txtValue]);
    await section.getByRole("button", { name: `Verify ${domain}` }).click();
    await expect(domains.getByText("Verified", { exact: true })).toBeVisible();

    // The provider, not required yet.
    await section.getByLabel("Button name").fill("Acme SSO");
    await section.getByLabel("Issuer URL").fill(oidc.issuer);
    await section.getByLabel("Client ID").fill("parley-e2e");
    await section.getByLabel("Client secret").fill(clientSecret);
    await section.getByLabel("Allowed e-mail domains").fill(domain);
    await section.getByRole("button", { name: "Set up single sign-on" }).click();
    await expect(page.getByText("Single sign-on saved")).toBeVisible();
    const redirectUri = await section.getByLabel("Redirect URI").inputValue();
    expect(redirectUri).toMatch(/\/api\/auth\/sso\/ws-[a-z0-9]+\/callback$/);
    oidc.allowRedirectUri(redirectUri);
    await expectNoAxeViolations(page, "the workspace settings with single sign-on and a verified domain");

    // A colleague joins by invitation with a password (their address verified by the link).
    const { invitation } = await callMutation<{ invitation: { url: string } }>(
      page.request,
      "invitations.createInvitation",
      { workspaceId: user.workspaceId, invitation: { email: memberEmail, role: "MEMBER" } },
    );
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await callMutation(member.request, "invitations.signUpWithInvitationLink", {
      token: new URL(invitation.url).pathname.split("/").at(-1),
      password: "a long enough password",
      name: "Grace",
    });
    await member.goto(`/dashboard?workspace=${user.workspaceId}`);
    await expect(member.getByRole("button", { name: "Create bot" }).first()).toBeVisible();

    // The ADMIN requires single sign-on.
    await section.getByRole("switch", { name: "Require single sign-on" }).click();
    await section.getByRole("button", { name: "Save single sign-on" }).click();
    await expect(page.getByText("Single sign-on saved").last()).toBeVisible();
    await expect(section.getByRole("switch", { name: "Require single sign-on" })).toBeChecked();

    // The member's password session is refused the workspace and sent to the provider.
    const refused = await member.request.get(
      `/api/trpc/workspaces.getWorkspace?input=${encodeURIComponent(JSON.stringify({ workspaceId: user.workspaceId }))}`,
    );
    expect(refused.status()).toBe(403);
    expect(JSON.stringify(await refused.json())).toContain("SSO_REQUIRED");
    oidc.people.set(login, { email: memberEmail, email_verified: true, name: "Grace" });
    await member.goto(`/dashboard?workspace=${user.workspaceId}`);
    await member.waitForURL((url) => url.href.startsWith(oidc.issuer));
    await member.locator('input[name="login"]').fill(login);
    await member.locator('input[name="password"]').fill("any");
    await member.locator('button[type="submit"]').click();
    await member.locator('button[type="submit"]').click();

    // Back signed in through the provider: the workspace opens.
    await member.waitForURL(/\/dashboard/);
    await expect(member.getByRole("button", { name: "Create bot" }).first()).toBeVisible();
    const opened = await member.request.get(
      `/api/trpc/workspaces.getWorkspace?input=${encodeURIComponent(JSON.stringify({ workspaceId: user.workspaceId }))}`,
    );
    expect(opened.status()).toBe(200);

    // "Sign in with SSO" routes a work address to the workspace's provider.
    const fresh = await browser.newContext();
    const visitor = await fresh.newPage();
    await visitor.goto("/sign-in");
    await visitor.getByRole("link", { name: "Sign in with SSO" }).click();
    await visitor.getByLabel("Work email").fill(memberEmail);
    await expectNoAxeViolations(visitor, "the Sign in with SSO page");
    await visitor.getByRole("button", { name: "Continue" }).click();
    await visitor.waitForURL((url) => url.href.startsWith(oidc.issuer));
    await fresh.close();
    await memberContext.close();
  } finally {
    await oidc.close();
    await dns.close();
  }
});
