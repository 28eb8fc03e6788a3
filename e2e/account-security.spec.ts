import { randomUUID } from "node:crypto";
import { type LocalOidcProvider, startOidcProvider } from "@parley/integrations/testing/startOidcProvider";
import { expectNoAxeViolations } from "./support/axe";
import { callMutation, callQuery, expect, test } from "./support/fixtures";
import { startDnsOnSharedPort } from "./support/localDns";

test("account security: sign out one chosen session, then the others; unlink a single sign-on identity; each audited", async ({
  page,
  user,
  browser,
}) => {
  test.setTimeout(240_000);
  const clientSecret = `secret-${randomUUID()}`;
  const oidc: LocalOidcProvider = await startOidcProvider({
    clientId: "parley-e2e-security",
    clientSecret,
    redirectUris: ["http://localhost/unused"],
  });
  const dns = await startDnsOnSharedPort();
  const domain = `acme-${randomUUID().slice(0, 8)}.test`;
  const login = `ada-${randomUUID().slice(0, 8)}`;
  const email = `${login}@${domain}`;
  const password = "a long enough password";
  try {
    // The workspace's ADMIN proves the company's domain and sets up its identity provider (not required).
    const { domain: added } = await callMutation<{
      domain: { id: string; txtRecord: { name: string; value: string } };
    }>(page.request, "domains.addDomain", { workspaceId: user.workspaceId, domain: { domain } });
    dns.setTxtRecord(added.txtRecord.name, [added.txtRecord.value]);
    await callMutation(page.request, "domains.verifyDomain", {
      workspaceId: user.workspaceId,
      domainId: added.id,
    });
    const { sso } = await callMutation<{ sso: { id: string; callbackUrl: string } }>(
      page.request,
      "sso.updateWorkspaceSso",
      {
        workspaceId: user.workspaceId,
        sso: {
          preset: "oidc",
          name: "Acme SSO",
          issuer: oidc.issuer,
          clientId: "parley-e2e-security",
          clientSecret,
          allowedDomains: [domain],
        },
      },
    );
    oidc.allowRedirectUri(sso.callbackUrl);

    // A colleague joins by invitation with a password (the link verifies the address)…
    const { invitation } = await callMutation<{ invitation: { url: string } }>(
      page.request,
      "invitations.createInvitation",
      { workspaceId: user.workspaceId, invitation: { email, role: "MEMBER" } },
    );
    const adaContext = await browser.newContext({
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0",
    });
    const ada = await adaContext.newPage();
    await callMutation(ada.request, "invitations.signUpWithInvitationLink", {
      token: new URL(invitation.url).pathname.split("/").at(-1),
      password,
      name: "Ada",
    });
    // …signs in with the password on a second computer…
    const laptopContext = await browser.newContext({
      userAgent: "Mozilla/5.0 (Windows NT 10.0) Firefox/133.0",
    });
    const laptop = await laptopContext.newPage();
    await callMutation(laptop.request, "auth.signIn", { email, password });
    expect((await laptop.request.get("/api/trpc/auth.getCurrentUser")).status()).toBe(200);

    // …and, on the first one, through the workspace's provider, which links that identity to the account.
    oidc.people.set(login, { email, email_verified: true, name: "Ada" });
    await ada.goto(`/api/auth/sso/ws-${sso.id}`);
    await ada.waitForURL((url) => url.href.startsWith(oidc.issuer));
    await ada.locator('input[name="login"]').fill(login);
    await ada.locator('input[name="password"]').fill("any");
    await ada.locator('button[type="submit"]').click();
    await ada.locator('button[type="submit"]').click();
    await ada.waitForURL(/\/dashboard/);

    await ada.goto("/account/security");
    const sessions = ada.getByRole("table", { name: "Sessions" });
    const rows = sessions.locator("tbody tr");
    await expect(rows).toHaveCount(3);
    await expect(sessions.getByRole("columnheader", { name: "Signed in", exact: true })).toBeVisible();
    const current = rows.filter({ hasText: "This browser" });
    await expect(current).toContainText("Single sign-on (Acme SSO)");
    await expect(current).toContainText("Chrome on Linux");
    await expect(current.getByRole("button", { name: /^Sign out/ })).toHaveCount(0);
    const identities = ada.getByRole("list", { name: "Linked identities" });
    await expect(identities.getByRole("listitem")).toHaveCount(1);
    await expect(identities).toContainText("Acme SSO");
    await expectNoAxeViolations(ada, "the account's security page with sessions and a linked identity");

    // Sign out the laptop only: its next request is signed out, the other sessions stay.
    const laptopRow = rows.filter({ hasText: "Firefox on Windows" });
    await expect(laptopRow).toContainText("Password");
    await laptopRow.getByRole("button", { name: /^Sign out Firefox on Windows/ }).click();
    await expect(ada.getByText("The session was signed out.")).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "Firefox on Windows" })).toHaveCount(0);
    expect((await laptop.request.get("/api/trpc/auth.getCurrentUser")).status()).toBe(401);
    expect((await ada.request.get("/api/trpc/auth.getCurrentUser")).status()).toBe(200);

    // Then every other one (the sign-up's).
    await ada.getByRole("button", { name: "Sign out other sessions" }).click();
    await expect(ada.getByText("1 other session was signed out.")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(ada.getByRole("button", { name: "Sign out other sessions" })).toHaveCount(0);

    // Unlink the identity (the account keeps its password), after a confirmation.
    await identities.getByRole("button", { name: "Unlink Acme SSO" }).click();
    const dialog = ada.getByRole("dialog", { name: "Unlink Acme SSO?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(ada, "the unlink confirmation");
    await dialog.getByRole("button", { name: "Unlink", exact: true }).click();
    await expect(ada.getByText("Acme SSO no longer signs you in.")).toBeVisible();
    await expect(ada.getByText("No single sign-on account is linked.")).toBeVisible();
    const left = await callQuery<{ identities: unknown[] }>(ada.request, "account.listIdentities");
    expect(left.identities).toEqual([]);

    // The workspace's audit log shows each once (a member's account actions are listed in their workspaces).
    await page.goto("/workspace/settings/audit-log");
    const entries = page.getByRole("table", { name: "Audit log entries" });
    await expect(entries.getByRole("row").filter({ hasText: /user\.sessionRevoked/ })).toHaveCount(1);
    await expect(entries.getByRole("row").filter({ hasText: /user\.sessionsRevoked/ })).toHaveCount(1);
    await expect(entries.getByRole("row").filter({ hasText: /user\.identityUnlinked/ })).toHaveCount(1);
    await laptopContext.close();
    await adaContext.close();
  } finally {
    await oidc.close();
    await dns.close();
  }
});
