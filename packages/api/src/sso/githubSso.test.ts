import { createId, getPrisma } from "@parley/db";
import type { SsoProvider } from "@parley/integrations/sso/ssoProviders";
import type { LocalDnsServer } from "@parley/integrations/testing/startLocalDnsServer";
import {
  type GithubTestAccount,
  type LocalGithubServer,
  startLocalGithubServer,
} from "@parley/integrations/testing/startLocalGithubServer";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callApi } from "../testing/fixtures";
import { signInThroughProvider } from "../testing/ssoBrowser";
import { createSsoHandler } from "./handleSsoRequest";

// A workspace's GitHub is reached through safeFetch, and its domain checked in DNS: both read at load.
const dns: LocalDnsServer = await vi.hoisted(async () => {
  const { startLocalDnsServer } = await import("@parley/integrations/testing/startLocalDnsServer");
  const server = await startLocalDnsServer();
  process.env.DNS_SERVERS = server.address;
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
  return server;
});

const prisma = getPrisma();
const builderUrl = "http://localhost:3000";
const app = { clientId: "Iv1.parley", clientSecret: `github-secret-${createId()}` };
let github: LocalGithubServer;
let handle: (request: Request) => Promise<Response>;
let clientSecret = app.clientSecret;

beforeAll(async () => {
  github = await startLocalGithubServer({ ...app, callbackUrl: `${builderUrl}/api/auth/sso` });
  // The GitHub preset as GITHUB_CLIENT_ID/SECRET, GITHUB_URL and GITHUB_API_URL make it.
  const provider = (): SsoProvider => ({
    id: "github",
    name: "GitHub",
    clientId: app.clientId,
    clientSecret,
    protocol: { kind: "github", webUrl: github.url, apiUrl: github.url },
  });
  handle = createSsoHandler({ builderUrl, listProviders: () => [provider()], allowSignUp: () => true });
});
afterAll(async () => {
  await github.close();
  await dns.close();
});

const account = (login: string, emails: GithubTestAccount["emails"]): GithubTestAccount => ({
  id: Math.floor(Math.random() * 1e9),
  login,
  name: null,
  emails,
});

describe("signing in with GitHub (the preset, against a server speaking GitHub's OAuth protocol)", {
  timeout: 90_000,
}, () => {
  it("makes an account from the primary verified address, with PKCE and the client's secret", async () => {
    const login = `octo-${createId().slice(0, 8)}`;
    const email = `${login}@users.example.test`;
    github.signedInAs = account(login, [
      { email: `${login}@old.example.test`, primary: false, verified: true },
      { email, primary: true, verified: true },
    ]);
    const outcome = await signInThroughProvider({
      handle,
      builderUrl,
      startPath: "/api/auth/sso/github",
      login,
    });
    expect(outcome.location).toBe(`${builderUrl}/dashboard`);
    expect(new URL(outcome.visited[0] ?? "").searchParams.get("code_challenge_method")).toBe("S256");
    const exchange = github.tokenRequests.at(-1);
    expect(exchange).toMatchObject({ client_id: app.clientId, grant_type: "authorization_code" });
    expect(exchange?.code_verifier).toMatch(/^[\w-]{43,}$/);
    const user = await prisma.user.findUniqueOrThrow({
      where: { email },
      select: {
        name: true,
        emailVerifiedAt: true,
        identities: { select: { provider: true, subject: true } },
      },
    });
    // No display name at GitHub: the login names the account.
    expect(user).toMatchObject({
      name: login,
      identities: [{ provider: "github", subject: String(github.signedInAs.id) }],
    });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    const session = await prisma.userSession.findFirstOrThrow({
      where: { user: { email } },
      select: { ssoProvider: true },
    });
    expect(session.ssoProvider).toBe("github");
  });

  it("refuses a primary address GitHub has not verified", async () => {
    const login = `unverified-${createId().slice(0, 8)}`;
    github.signedInAs = account(login, [{ email: `${login}@example.test`, primary: true, verified: false }]);
    const outcome = await signInThroughProvider({
      handle,
      builderUrl,
      startPath: "/api/auth/sso/github",
      login,
    });
    expect(outcome).toMatchObject({
      location: `${builderUrl}/sign-in?error=SSO_EMAIL_NOT_VERIFIED`,
      session: undefined,
    });
    expect(await prisma.user.count({ where: { email: `${login}@example.test` } })).toBe(0);
  });

  it("refuses the sign-in when GitHub does not accept the client's secret", async () => {
    const login = `secret-${createId().slice(0, 8)}`;
    github.signedInAs = account(login, [{ email: `${login}@example.test`, primary: true, verified: true }]);
    clientSecret = "a wrong secret";
    try {
      const outcome = await signInThroughProvider({
        handle,
        builderUrl,
        startPath: "/api/auth/sso/github",
        login,
      });
      expect(outcome.location).toBe(`${builderUrl}/sign-in?error=SSO_FAILED`);
      expect(await prisma.user.count({ where: { email: `${login}@example.test` } })).toBe(0);
    } finally {
      clientSecret = app.clientSecret;
    }
  });

  it("serves as a workspace's provider (an Enterprise Server: its API under /api/v3)", async () => {
    const team = await createTestTeam();
    const domain = `corp-${createId().slice(0, 8)}.test`;
    const added = await callApi("POST", `/workspaces/${team.workspaceId}/domains`, {
      token: team.admin.token,
      body: { domain: { domain } },
    });
    dns.setTxtRecord(added.body.domain.txtRecord.name, [added.body.domain.txtRecord.value]);
    await callApi("POST", `/workspaces/${team.workspaceId}/domains/${added.body.domain.id}/verify`, {
      token: team.admin.token,
    });
    await callApi("PATCH", `/workspaces/${team.workspaceId}/domains/${added.body.domain.id}`, {
      token: team.admin.token,
      body: { domain: { allowsJoining: true } },
    });
    const saved = await callApi("PUT", `/workspaces/${team.workspaceId}/sso`, {
      token: team.admin.token,
      body: {
        sso: {
          preset: "github",
          name: "Corp GitHub",
          issuer: github.url,
          ...app,
          allowedDomains: [domain],
        },
      },
    });
    expect(saved.status).toBe(200);
    const login = `corp-${createId().slice(0, 8)}`;
    const email = `${login}@${domain}`;
    github.signedInAs = account(login, [{ email, primary: true, verified: true }]);
    const before = github.tokenRequests.length;
    const outcome = await signInThroughProvider({
      handle,
      builderUrl,
      startPath: `/api/auth/sso/start?email=${encodeURIComponent(email)}`,
      login,
    });
    expect(outcome.location).toBe(`${builderUrl}/dashboard?workspace=${team.workspaceId}`);
    expect(github.tokenRequests.length).toBe(before + 1);
    const member = await prisma.memberInWorkspace.findFirst({
      where: { workspaceId: team.workspaceId, user: { email } },
      select: { role: true },
    });
    expect(member).toEqual({ role: "MEMBER" });
  });
});
