import { createId, getPrisma } from "@parley/db";
import type { SsoProvider } from "@parley/integrations/sso/ssoProviders";
import { type LocalOidcProvider, startOidcProvider } from "@parley/integrations/testing/startOidcProvider";
import { createMagicLinkToken } from "@parley/platform/accounts/magicLinks";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderClient } from "../testing/builderClient";
import { CookieJar, newClientAddress } from "../testing/ssoBrowser";
import { createSsoHandler } from "./handleSsoRequest";

const prisma = getPrisma();
const builderUrl = "http://localhost:3000";
const client = { clientId: "parley-test", clientSecret: `secret-${createId()}` };
let oidc: LocalOidcProvider;
let allowSignUp = true;
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  oidc = await startOidcProvider({
    ...client,
    redirectUris: [`${builderUrl}/api/auth/sso/oidc/callback`],
  });
  const provider: SsoProvider = {
    id: "oidc",
    name: "Acme SSO",
    ...client,
    protocol: {
      kind: "oidc",
      issuer: oidc.issuer,
      scope: "openid email profile",
      verifiedEmailClaim: "email_verified",
    },
  };
  handle = createSsoHandler({ builderUrl, listProviders: () => [provider], allowSignUp: () => allowSignUp });
});
afterAll(() => oidc.close());

interface Tampering {
  /** Changes the checks the browser kept (state, nonce, PKCE verifier) before coming back. */
  pending?: (checks: Record<string, string>) => Record<string, string>;
  /** Changes the callback URL the provider sent the browser to. */
  callback?: (url: URL) => void;
}

/**
 * A browser signing in with the provider as `login`: the sign-in page's link, the provider's login and consent
 * pages filled in, the redirect back to the builder's callback. Returns where the callback sent the browser and
 * the sign-in cookie it holds.
 */
async function signInThroughProvider(login: string, tampering: Tampering = {}) {
  const address = newClientAddress();
  const builder = new CookieJar();
  const atProvider = new CookieJar();
  const started = await handle(
    new Request(`${builderUrl}/api/auth/sso/oidc`, { headers: { "x-parley-client-address": address } }),
  );
  expect(started.status).toBe(302);
  builder.store(started);
  let location = started.headers.get("location") ?? "";
  expect(location.startsWith(`${oidc.issuer}/auth?`)).toBe(true);
  const authorization = new URL(location).searchParams;
  expect(authorization.get("code_challenge_method")).toBe("S256");
  expect(authorization.get("state")).toBeTruthy();
  expect(authorization.get("nonce")).toBeTruthy();
  for (let step = 0; step < 10 && !location.startsWith(`${builderUrl}/`); step++) {
    let response = await fetch(location, { headers: { cookie: atProvider.header }, redirect: "manual" });
    atProvider.store(response);
    if (response.status === 200) {
      const page = await response.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? "";
      const action = /action="([^"]+)"/.exec(page)?.[1] ?? "";
      const fields: Record<string, string> =
        prompt === "login" ? { prompt, login, password: "any" } : { prompt };
      response = await fetch(new URL(action, oidc.issuer), {
        method: "POST",
        headers: { cookie: atProvider.header, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
      atProvider.store(response);
    }
    location = new URL(response.headers.get("location") ?? "", oidc.issuer).href;
  }
  const callback = new URL(location);
  expect(callback.pathname).toBe("/api/auth/sso/oidc/callback");
  tampering.callback?.(callback);
  if (tampering.pending) {
    const pending = JSON.parse(Buffer.from(builder.values.get("parley_sso") ?? "", "base64url").toString());
    builder.values.set(
      "parley_sso",
      Buffer.from(JSON.stringify(tampering.pending(pending))).toString("base64url"),
    );
  }
  const finished = await handle(
    new Request(callback, {
      headers: { cookie: builder.header, "x-parley-client-address": address, "user-agent": "SSO browser" },
    }),
  );
  expect(finished.status).toBe(302);
  builder.store(finished);
  return {
    location: finished.headers.get("location"),
    session: builder.values.get("parley_session"),
    checksCookieLeft: builder.values.has("parley_sso"),
  };
}

async function currentUserOf(session: string | undefined) {
  return (await createBuilderClient({ sessionToken: session }).query("auth.getCurrentUser", undefined)).data
    ?.user;
}

const person = (email: string, verified = true) => ({
  email,
  email_verified: verified,
  name: "Ada Lovelace",
});

describe("single sign-on through an OpenID Connect provider", () => {
  it("creates a verified account without a password on the first sign-in, and signs it in again by its subject", async () => {
    allowSignUp = true;
    const login = `ada-${createId()}`;
    const email = `${login}@acme.test`;
    oidc.people.set(login, person(email));
    const first = await signInThroughProvider(login);
    expect(first).toMatchObject({ location: `${builderUrl}/dashboard`, checksCookieLeft: false });
    const user = await currentUserOf(first.session);
    expect(user).toMatchObject({ email, name: "Ada Lovelace" });
    const stored = await prisma.user.findUniqueOrThrow({
      where: { email },
      select: {
        passwordHash: true,
        emailVerifiedAt: true,
        identities: { select: { provider: true, subject: true } },
      },
    });
    expect(stored).toMatchObject({ passwordHash: null, identities: [{ provider: "oidc", subject: login }] });
    expect(stored.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await prisma.memberInWorkspace.count({ where: { userId: user.id, role: "ADMIN" } })).toBe(1);
    // No password opens it.
    const guessed = await createBuilderClient({ clientAddress: newClientAddress() }).mutate("auth.signIn", {
      email,
      password: "",
    });
    expect(guessed.status).toBe(400);

    // The provider's address changes: the identity still signs in the same account. Two-factor sign-in on: single
    // sign-on is not asked for a code (the provider owns MFA).
    await prisma.userTwoFactor.create({
      data: { userId: user.id, secretData: "sealed", secretIv: "sealed", enabledAt: new Date() },
    });
    oidc.people.set(login, person(`renamed-${login}@acme.test`, false));
    const again = await signInThroughProvider(login);
    expect((await currentUserOf(again.session))?.id).toBe(user.id);
    const entries = await prisma.auditLogEntry.findMany({
      where: { actorId: user.id, action: "user.signedIn" },
      select: { userAgent: true, details: true },
    });
    const bySso = {
      userAgent: "SSO browser",
      details: { method: "sso", provider: "oidc", secondFactor: "none" },
    };
    expect(entries).toEqual([bySso, bySso]);
  });

  it("joins an existing account by its verified e-mail address", async () => {
    const existing = await createTestUser();
    const login = `existing-${createId()}`;
    oidc.people.set(login, person(existing.email.toUpperCase()));
    // The account never proved its address: not joined.
    const refused = await signInThroughProvider(login);
    expect(refused).toMatchObject({
      location: `${builderUrl}/sign-in?error=SSO_ACCOUNT_NOT_VERIFIED`,
      session: undefined,
    });
    expect(await prisma.userIdentity.count({ where: { userId: existing.user.id } })).toBe(0);
    // Once it did (an e-mailed sign-in link), it is.
    const { token } = await createMagicLinkToken(prisma, existing.user.id);
    await createBuilderClient({ clientAddress: newClientAddress() }).mutate("auth.signInWithMagicLink", {
      token,
    });
    const joined = await signInThroughProvider(login);
    expect(joined.location).toBe(`${builderUrl}/dashboard`);
    expect((await currentUserOf(joined.session))?.id).toBe(existing.user.id);
    // Its password still works.
    const withPassword = await createBuilderClient({ clientAddress: newClientAddress() }).mutate(
      "auth.signIn",
      {
        email: existing.email,
        password: existing.password,
      },
    );
    expect(withPassword.status).toBe(200);
  });

  it("refuses an address the provider did not verify, for an existing account and a new one", async () => {
    const existing = await createTestUser();
    await prisma.user.update({ where: { id: existing.user.id }, data: { emailVerifiedAt: new Date() } });
    const login = `claims-${createId()}`;
    oidc.people.set(login, person(existing.email, false));
    const refused = await signInThroughProvider(login);
    expect(refused).toMatchObject({
      location: `${builderUrl}/sign-in?error=SSO_EMAIL_NOT_VERIFIED`,
      session: undefined,
    });
    const newcomer = `new-${createId()}`;
    oidc.people.set(newcomer, person(`${newcomer}@acme.test`, false));
    expect((await signInThroughProvider(newcomer)).location).toBe(
      `${builderUrl}/sign-in?error=SSO_EMAIL_NOT_VERIFIED`,
    );
    expect(await prisma.user.count({ where: { email: `${newcomer}@acme.test` } })).toBe(0);
    expect(await prisma.userIdentity.count({ where: { subject: { in: [login, newcomer] } } })).toBe(0);
    const failures = await prisma.auditLogEntry.count({
      where: { action: "user.signInFailed", actorEmail: existing.email },
    });
    expect(failures).toBe(1);
  });

  it("makes no account while sign-up is closed", async () => {
    allowSignUp = false;
    try {
      const login = `closed-${createId()}`;
      oidc.people.set(login, person(`${login}@acme.test`));
      expect((await signInThroughProvider(login)).location).toBe(
        `${builderUrl}/sign-in?error=SIGN_UP_DISABLED`,
      );
      expect(await prisma.user.count({ where: { email: `${login}@acme.test` } })).toBe(0);
    } finally {
      allowSignUp = true;
    }
  });

  describe("refuses an answer that does not match the sign-in it started", () => {
    const refusedWith = async (tampering: Tampering) => {
      const login = `checked-${createId()}`;
      oidc.people.set(login, person(`${login}@acme.test`));
      const outcome = await signInThroughProvider(login, tampering);
      expect(outcome).toMatchObject({
        location: `${builderUrl}/sign-in?error=SSO_FAILED`,
        session: undefined,
      });
      expect(outcome.checksCookieLeft).toBe(false);
      expect(await prisma.user.count({ where: { email: `${login}@acme.test` } })).toBe(0);
    };

    it("another state", () =>
      refusedWith({ callback: (url) => url.searchParams.set("state", "another-state") }));
    it("another nonce", () => refusedWith({ pending: (checks) => ({ ...checks, nonce: "another-nonce" }) }));
    it("another PKCE verifier", () =>
      refusedWith({ pending: (checks) => ({ ...checks, codeVerifier: `${"x".repeat(43)}` }) }));
    it("no checks in the browser (a callback it did not start)", () => refusedWith({ pending: () => ({}) }));

    it("a tampered ID token", async () => {
      oidc.tamperIdTokens = true;
      try {
        await refusedWith({});
      } finally {
        oidc.tamperIdTokens = false;
      }
    });
  });

  it("sends an unknown provider back to the sign-in page", async () => {
    const response = await handle(new Request(`${builderUrl}/api/auth/sso/nope`));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${builderUrl}/sign-in?error=SSO_PROVIDER_UNKNOWN`);
  });
});
