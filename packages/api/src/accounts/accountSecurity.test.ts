import { createId, getPrisma } from "@parley/db";
import { listInstanceSsoProviders } from "@parley/integrations/sso/ssoProviders";
import type { LocalOidcProvider } from "@parley/integrations/testing/startOidcProvider";
import { createApiToken } from "@parley/platform/auth/apiTokens";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createSsoHandler } from "../sso/handleSsoRequest";
import { createBuilderClient } from "../testing/builderClient";
import { callApi } from "../testing/fixtures";
import { newClientAddress, signInThroughProvider } from "../testing/ssoBrowser";

// The install's OpenID provider, configured as an operator does (OIDC_* variables, read when the packages load): a
// certified implementation on loopback.
const oidc: LocalOidcProvider = await vi.hoisted(async () => {
  const { startOidcProvider } = await import("@parley/integrations/testing/startOidcProvider");
  const { randomBytes } = await import("node:crypto");
  const client = { clientId: "parley-security", clientSecret: `secret-${randomBytes(8).toString("hex")}` };
  const provider = await startOidcProvider({
    ...client,
    redirectUris: ["http://localhost:3000/api/auth/sso/oidc/callback"],
  });
  process.env.OIDC_ISSUER = provider.issuer;
  process.env.OIDC_CLIENT_ID = client.clientId;
  process.env.OIDC_CLIENT_SECRET = client.clientSecret;
  process.env.OIDC_NAME = "Acme SSO";
  return provider;
});

const prisma = getPrisma();
const builderUrl = "http://localhost:3000";
const handle = createSsoHandler({
  builderUrl,
  listProviders: listInstanceSsoProviders,
  allowSignUp: () => true,
});
afterAll(() => oidc.close());

type Browser = ReturnType<typeof createBuilderClient>;
const signIn = async (user: { email: string; password: string }, userAgent: string) => {
  const browser = createBuilderClient({ clientAddress: newClientAddress(), userAgent });
  expect(
    (await browser.mutate("auth.signIn", { email: user.email, password: user.password })).data,
  ).toMatchObject({
    status: "signedIn",
  });
  return browser;
};
const isSignedIn = async (browser: Browser) =>
  (await browser.query("auth.getCurrentUser", undefined)).status === 200;
const entriesOf = (userId: string, action: string) =>
  prisma.auditLogEntry.findMany({
    where: { actorId: userId, action },
    select: { workspaceId: true, targetType: true, targetId: true, details: true },
  });

/** Signs `login` in through the install's OpenID provider (the address verified by it): the session cookie. */
async function signInWithProvider(login: string, email: string) {
  oidc.people.set(login, { email, email_verified: true, name: login });
  const outcome = await signInThroughProvider({ handle, builderUrl, startPath: "/api/auth/sso/oidc", login });
  expect(outcome.session).toEqual(expect.any(String));
  return createBuilderClient({ sessionToken: outcome.session });
}

describe("Account > Security: sessions", () => {
  it("lists each live session with its browser, address, method and times, and signs out one chosen session", async () => {
    const user = await createTestUser();
    const here = await signIn(user, "Here (Firefox)");
    const there = await signIn(user, "There (Chrome)");
    const elsewhere = await signIn(user, "Elsewhere (Safari)");

    const listed = await here.query("account.listSessions", undefined);
    expect(listed.status).toBe(200);
    expect(listed.data.sessions).toHaveLength(3);
    const byAgent = new Map(
      listed.data.sessions.map((session: { userAgent: string }) => [session.userAgent, session] as const),
    );
    expect(byAgent.get("Here (Firefox)")).toMatchObject({
      isCurrent: true,
      method: "password",
      ssoProvider: null,
      ip: expect.stringMatching(/^2001:db8:/),
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
    });
    const thereSession = byAgent.get("There (Chrome)") as { id: string; isCurrent: boolean };
    expect(thereSession.isCurrent).toBe(false);

    const revoked = await here.mutate("account.revokeSession", { sessionId: thereSession.id });
    expect(revoked).toMatchObject({ status: 200, data: { message: "success" } });
    expect(await isSignedIn(there)).toBe(false);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(true);
    expect(
      (await here.query("account.getAccountSecurity", undefined)).data.sessions.map(
        (session: { userAgent: string }) => session.userAgent,
      ),
    ).not.toContain("There (Chrome)");
    expect(await entriesOf(user.user.id, "user.sessionRevoked")).toEqual([
      { workspaceId: null, targetType: "session", targetId: thereSession.id, details: null },
    ]);

    // Gone already, or someone else's: NOT_FOUND, nothing ended, nothing recorded.
    expect((await here.mutate("account.revokeSession", { sessionId: thereSession.id })).status).toBe(404);
    const stranger = await createTestUser();
    const strangerBrowser = await signIn(stranger, "Stranger");
    const [strangerSession] = (await strangerBrowser.query("account.listSessions", undefined)).data.sessions;
    expect((await here.mutate("account.revokeSession", { sessionId: strangerSession.id })).status).toBe(404);
    expect(await isSignedIn(strangerBrowser)).toBe(true);
    expect(await entriesOf(user.user.id, "user.sessionRevoked")).toHaveLength(1);

    // Signing out the others leaves this one only.
    expect((await here.mutate("account.signOutOtherSessions", {})).data).toEqual({
      signedOutSessions: 1,
    });
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect(await isSignedIn(here)).toBe(true);
  });

  it("over REST with an API token of the account scope: lists, signs out one, then every session", async () => {
    const user = await createTestUser();
    const first = await signIn(user, "First");
    const second = await signIn(user, "Second");
    const listed = await callApi("GET", "/users/me/sessions", { token: user.token });
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    expect(listed.body.sessions.every((session: { isCurrent: boolean }) => !session.isCurrent)).toBe(true);
    const firstId = listed.body.sessions.find(
      (session: { userAgent: string }) => session.userAgent === "First",
    ).id;

    const scoped = await createApiToken(prisma, user.user.id, "read bots", { scopes: ["bots:read"] });
    const refused = await callApi("DELETE", `/users/me/sessions/${firstId}`, { token: scoped.token });
    expect(refused.status).toBe(403);
    expect(refused.body.issues).toEqual([expect.objectContaining({ code: "MISSING_SCOPE" })]);
    expect(await isSignedIn(first)).toBe(true);

    const withScope = await createApiToken(prisma, user.user.id, "account", { scopes: ["account"] });
    expect(await callApi("DELETE", `/users/me/sessions/${firstId}`, { token: withScope.token })).toEqual({
      status: 200,
      body: { message: "success" },
    });
    expect(await isSignedIn(first)).toBe(false);
    expect((await callApi("DELETE", `/users/me/sessions/${firstId}`, { token: user.token })).status).toBe(
      404,
    );
    // With a token there is no current session: every one ends; the tokens stay valid.
    expect(await callApi("DELETE", "/users/me/sessions", { token: user.token })).toEqual({
      status: 200,
      body: { signedOutSessions: 1 },
    });
    expect(await isSignedIn(second)).toBe(false);
    expect((await callApi("GET", "/users/me/sessions", { token: user.token })).body).toEqual({
      sessions: [],
    });
    expect(await entriesOf(user.user.id, "user.sessionRevoked")).toHaveLength(1);
    expect(await entriesOf(user.user.id, "user.sessionsRevoked")).toHaveLength(1);
  });
});

describe("Account > Security: linked sign-in identities", { timeout: 90_000 }, () => {
  it("lists the provider's account linked by a verified address, and unlinks it from an account with a password", async () => {
    const user = await createTestUser();
    await prisma.user.update({ where: { id: user.user.id }, data: { emailVerifiedAt: new Date() } });
    const login = `ada-${createId().slice(0, 8)}`;
    const browser = await signInWithProvider(login, user.email);
    const security = await browser.query("account.getAccountSecurity", undefined);
    expect(security.data.hasPassword).toBe(true);
    expect(security.data.identities).toEqual([
      expect.objectContaining({ provider: "oidc", providerName: "Acme SSO", lastUsedAt: expect.any(String) }),
    ]);
    expect(security.data.sessions).toEqual([
      expect.objectContaining({
        isCurrent: true,
        method: "sso:oidc",
        ssoProvider: "oidc",
        ssoProviderName: "Acme SSO",
      }),
    ]);
    const [identity] = security.data.identities;

    // Another account cannot unlink it.
    const stranger = await createTestUser();
    expect(
      (await callApi("DELETE", `/users/me/identities/${identity.id}`, { token: stranger.token })).status,
    ).toBe(404);

    expect((await browser.mutate("account.unlinkIdentity", { identityId: identity.id })).data).toEqual({
      message: "success",
    });
    expect((await browser.query("account.listIdentities", undefined)).data).toEqual({ identities: [] });
    expect(await prisma.userIdentity.count({ where: { userId: user.user.id } })).toBe(0);
    expect(await entriesOf(user.user.id, "user.identityUnlinked")).toEqual([
      { workspaceId: null, targetType: "identity", targetId: identity.id, details: { provider: "oidc" } },
    ]);
    // The password still signs the account in.
    expect(await isSignedIn(await signIn(user, "After unlinking"))).toBe(true);
  });

  it("refuses to unlink an account's last way to sign in (no password, no other identity) with LAST_SIGN_IN_METHOD", async () => {
    // An account made by signing in through the provider: no password.
    const login = `grace-${createId().slice(0, 8)}`;
    const email = `${login}@example.test`;
    const browser = await signInWithProvider(login, email);
    const account = await prisma.user.findUniqueOrThrow({
      where: { email },
      select: { id: true, passwordHash: true },
    });
    expect(account.passwordHash).toBeNull();
    const { token } = await createApiToken(prisma, account.id, "cli");
    const listed = await callApi("GET", "/users/me/identities", { token });
    expect(listed.status).toBe(200);
    const [only] = listed.body.identities;
    expect(only).toMatchObject({ provider: "oidc", providerName: "Acme SSO" });

    for (const refused of [
      await callApi("DELETE", `/users/me/identities/${only.id}`, { token }),
      await browser.mutate("account.unlinkIdentity", { identityId: only.id }).then((answer) => ({
        status: answer.status,
        body: answer.error,
      })),
    ]) {
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("BAD_REQUEST");
      expect(refused.body.issues).toEqual([
        expect.objectContaining({ code: "LAST_SIGN_IN_METHOD", path: ["identityId"] }),
      ]);
    }
    expect(await prisma.userIdentity.count({ where: { userId: account.id } })).toBe(1);
    expect(await entriesOf(account.id, "user.identityUnlinked")).toEqual([]);

    // With a second identity linked, either may go, but not both.
    const second = await prisma.userIdentity.create({
      data: { id: createId(), provider: "github", subject: createId(), userId: account.id },
    });
    expect((await callApi("DELETE", `/users/me/identities/${only.id}`, { token })).status).toBe(200);
    const last = await callApi("DELETE", `/users/me/identities/${second.id}`, { token });
    expect(last.body.issues).toEqual([expect.objectContaining({ code: "LAST_SIGN_IN_METHOD" })]);
    expect(
      await prisma.userIdentity.findMany({ where: { userId: account.id }, select: { id: true } }),
    ).toEqual([{ id: second.id }]);
    expect(await entriesOf(account.id, "user.identityUnlinked")).toHaveLength(1);
  });
});
