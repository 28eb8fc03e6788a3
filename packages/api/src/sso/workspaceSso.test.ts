import { createId, getPrisma } from "@parley/db";
import type { LocalDnsServer } from "@parley/integrations/testing/startLocalDnsServer";
import { type LocalOidcProvider, startOidcProvider } from "@parley/integrations/testing/startOidcProvider";
import { addWorkspaceMember } from "@parley/platform/accounts/addWorkspaceMember";
import { createUserAccount } from "@parley/platform/accounts/createUserAccount";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createBuilderClient } from "../testing/builderClient";
import { callApi } from "../testing/fixtures";
import { signInThroughProvider } from "../testing/ssoBrowser";
import { createSsoHandler } from "./handleSsoRequest";

// Domain checks ask DNS_SERVERS and workspace providers are reached through safeFetch, both read when the
// packages load: a real DNS server on loopback, and loopback allowed for the provider on 127.0.0.1.
const dns: LocalDnsServer = await vi.hoisted(async () => {
  const { startLocalDnsServer } = await import("@parley/integrations/testing/startLocalDnsServer");
  const server = await startLocalDnsServer();
  process.env.DNS_SERVERS = server.address;
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
  return server;
});

const prisma = getPrisma();
const builderUrl = "http://localhost:3000";
const client = { clientId: "acme-parley", clientSecret: `secret-${createId()}` };
let oidc: LocalOidcProvider;
const handle = createSsoHandler({ builderUrl, listProviders: () => [], allowSignUp: () => false });

beforeAll(async () => {
  oidc = await startOidcProvider({ ...client, redirectUris: [`${builderUrl}/api/auth/sso/unused/callback`] });
});
afterAll(async () => {
  await oidc.close();
  await dns.close();
});

const uniqueDomain = () => `acme-${createId().slice(0, 10)}.test`;

const ssoInput = (domain: string, overrides: Record<string, unknown> = {}) => ({
  preset: "oidc",
  name: "Acme SSO",
  issuer: oidc.issuer,
  clientId: client.clientId,
  clientSecret: client.clientSecret,
  allowedDomains: [domain],
  ...overrides,
});

/** Claims `domain` for the team's workspace and verifies it against the local DNS server. */
async function verifyDomain(team: TestTeam, domain: string, allowsJoining = false) {
  const added = await callApi("POST", `/workspaces/${team.workspaceId}/domains`, {
    token: team.admin.token,
    body: { domain: { domain } },
  });
  expect(added.status).toBe(200);
  const { id, txtRecord } = added.body.domain;
  dns.setTxtRecord(txtRecord.name, [txtRecord.value]);
  const verified = await callApi("POST", `/workspaces/${team.workspaceId}/domains/${id}/verify`, {
    token: team.admin.token,
  });
  expect(verified.status).toBe(200);
  if (allowsJoining) {
    const opened = await callApi("PATCH", `/workspaces/${team.workspaceId}/domains/${id}`, {
      token: team.admin.token,
      body: { domain: { allowsJoining: true } },
    });
    expect(opened.body.domain.allowsJoining).toBe(true);
  }
  return id as string;
}

/** Configures the workspace's provider (and registers its callback at the provider, as its ADMIN would). */
async function configureSso(team: TestTeam, domain: string, overrides: Record<string, unknown> = {}) {
  const saved = await callApi("PUT", `/workspaces/${team.workspaceId}/sso`, {
    token: team.admin.token,
    body: { sso: ssoInput(domain, overrides) },
  });
  expect(saved.status).toBe(200);
  oidc.allowRedirectUri(saved.body.sso.callbackUrl);
  return saved.body.sso as { id: string; signInUrl: string; callbackUrl: string };
}

/** A member of the team's workspace whose address is of `domain` (verified), with a password session. */
async function createDomainMember(
  team: TestTeam,
  domain: string,
  role: "MEMBER" | "GUEST" | "ADMIN" = "MEMBER",
) {
  const login = `member-${createId().slice(0, 8)}`;
  const email = `${login}@${domain}`;
  const { user } = await createUserAccount(prisma, {
    email,
    password: "correct horse battery",
    emailVerifiedAt: new Date(),
  });
  await addWorkspaceMember(prisma, { workspaceId: team.workspaceId, email, role });
  const passwordSession = await createUserSession(prisma, user.id);
  return { user, email, login, passwordSession: passwordSession.token };
}

const auditActionsOf = async (workspaceId: string) =>
  (
    await prisma.auditLogEntry.findMany({
      where: { workspaceId },
      orderBy: { createdAt: "asc" },
      select: { action: true },
    })
  ).map((entry) => entry.action);

describe("a workspace's identity provider over REST", { timeout: 90_000 }, () => {
  it("is configured by ADMINs only, keeps its secret sealed and never returns it, and each change is audited once", async () => {
    const team = await createTestTeam();
    const domain = uniqueDomain();
    for (const role of ["member", "guest", "outsider"] as const) {
      const refused = await callApi("PUT", `/workspaces/${team.workspaceId}/sso`, {
        token: team[role].token,
        body: { sso: ssoInput(domain) },
      });
      expect(refused.status).toBe(403);
      expect(
        (await callApi("GET", `/workspaces/${team.workspaceId}/sso`, { token: team[role].token })).status,
      ).toBe(403);
    }
    expect(await callApi("GET", `/workspaces/${team.workspaceId}/sso`, { token: team.admin.token })).toEqual({
      status: 200,
      body: { sso: null },
    });
    const withoutSecret = await callApi("PUT", `/workspaces/${team.workspaceId}/sso`, {
      token: team.admin.token,
      body: { sso: { ...ssoInput(domain), clientSecret: undefined } },
    });
    expect(withoutSecret.status).toBe(400);
    expect(withoutSecret.body.issues).toEqual([
      expect.objectContaining({ code: "REQUIRED", path: ["sso", "clientSecret"] }),
    ]);

    const sso = await configureSso(team, domain);
    const shown = await callApi("GET", `/workspaces/${team.workspaceId}/sso`, { token: team.admin.token });
    expect(shown.body.sso).toEqual({
      id: sso.id,
      preset: "oidc",
      name: "Acme SSO",
      issuer: oidc.issuer,
      clientId: client.clientId,
      allowedDomains: [domain],
      isEnforced: false,
      signInUrl: `${builderUrl}/api/auth/sso/ws-${sso.id}`,
      callbackUrl: `${builderUrl}/api/auth/sso/ws-${sso.id}/callback`,
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(shown.body)).not.toContain(client.clientSecret);
    const stored = await prisma.workspaceSso.findUniqueOrThrow({ where: { id: sso.id } });
    expect(JSON.stringify(stored)).not.toContain(client.clientSecret);

    // Left out, the secret is kept: the provider still signs people in (below); renamed here.
    const renamed = await callApi("PUT", `/workspaces/${team.workspaceId}/sso`, {
      token: team.admin.token,
      body: { sso: { ...ssoInput(domain), clientSecret: undefined, name: "Acme Okta" } },
    });
    expect(renamed.body.sso.name).toBe("Acme Okta");
    expect((await prisma.workspaceSso.findUniqueOrThrow({ where: { id: sso.id } })).secretData).toBe(
      stored.secretData,
    );

    const removed = await callApi("DELETE", `/workspaces/${team.workspaceId}/sso`, {
      token: team.admin.token,
    });
    expect(removed).toEqual({ status: 200, body: { message: "success" } });
    expect(
      (await callApi("DELETE", `/workspaces/${team.workspaceId}/sso`, { token: team.admin.token })).status,
    ).toBe(404);
    expect((await auditActionsOf(team.workspaceId)).filter((action) => action.startsWith("sso."))).toEqual([
      "sso.configured",
      "sso.configured",
      "sso.deleted",
    ]);
  });

  it("refuses an issuer whose discovery document cannot be read, and enforcement before a domain is verified", async () => {
    const team = await createTestTeam();
    const domain = uniqueDomain();
    const unreachable = await callApi("PUT", `/workspaces/${team.workspaceId}/sso`, {
      token: team.admin.token,
      body: { sso: ssoInput(domain, { issuer: `${oidc.issuer}/nothing-here` }) },
    });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.issues).toEqual([
      expect.objectContaining({ code: "SSO_DISCOVERY_FAILED", path: ["sso", "issuer"] }),
    ]);
    const bad = await callApi("PUT", `/workspaces/${team.workspaceId}/sso`, {
      token: team.admin.token,
      body: { sso: ssoInput("not a domain", { issuer: "ftp://example.test" }) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((issue: { path: unknown[] }) => issue.path.join("."))).toEqual(
      expect.arrayContaining(["sso.issuer", "sso.allowedDomains.0"]),
    );
    const enforced = await callApi("PUT", `/workspaces/${team.workspaceId}/sso`, {
      token: team.admin.token,
      body: { sso: ssoInput(domain, { isEnforced: true }) },
    });
    expect(enforced.status).toBe(400);
    expect(enforced.body.issues).toEqual([expect.objectContaining({ code: "SSO_DOMAIN_NOT_VERIFIED" })]);
    expect(await prisma.workspaceSso.count({ where: { workspaceId: team.workspaceId } })).toBe(0);
    expect(await auditActionsOf(team.workspaceId)).not.toContain("sso.configured");
  });
});

describe("a workspace's e-mail domains", { timeout: 90_000 }, () => {
  it("are verified by their DNS TXT record, once per domain across workspaces, and each change is audited", async () => {
    const team = await createTestTeam();
    const domain = uniqueDomain();
    const refused = await callApi("POST", `/workspaces/${team.workspaceId}/domains`, {
      token: team.member.token,
      body: { domain: { domain } },
    });
    expect(refused.status).toBe(403);
    const added = await callApi("POST", `/workspaces/${team.workspaceId}/domains`, {
      token: team.admin.token,
      body: { domain: { domain: domain.toUpperCase() } },
    });
    expect(added.status).toBe(200);
    const { id, txtRecord } = added.body.domain;
    expect(added.body.domain).toMatchObject({ domain, verifiedAt: null, allowsJoining: false });
    expect(txtRecord).toEqual({
      name: `_parley.${domain}`,
      value: expect.stringMatching(/^parley-workspace=/),
    });
    const again = await callApi("POST", `/workspaces/${team.workspaceId}/domains`, {
      token: team.admin.token,
      body: { domain: { domain } },
    });
    expect(again.body.issues).toEqual([expect.objectContaining({ code: "DOMAIN_EXISTS" })]);

    const verifyPath = `/workspaces/${team.workspaceId}/domains/${id}/verify`;
    const missing = await callApi("POST", verifyPath, { token: team.admin.token });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([expect.objectContaining({ code: "DOMAIN_RECORD_NOT_FOUND" })]);
    dns.setTxtRecord(txtRecord.name, ["parley-workspace=someone-else"]);
    expect((await callApi("POST", verifyPath, { token: team.admin.token })).status).toBe(400);
    dns.setTxtRecord(txtRecord.name, ["v=spf1 -all", txtRecord.value]);
    const verified = await callApi("POST", verifyPath, { token: team.admin.token });
    expect(verified.status).toBe(200);
    expect(verified.body.domain.verifiedAt).toEqual(expect.any(String));

    // Another workspace publishing its own record for the same domain cannot verify it too.
    const rival = await createTestTeam();
    const rivalAdded = await callApi("POST", `/workspaces/${rival.workspaceId}/domains`, {
      token: rival.admin.token,
      body: { domain: { domain } },
    });
    dns.setTxtRecord(txtRecord.name, [txtRecord.value, rivalAdded.body.domain.txtRecord.value]);
    const taken = await callApi(
      "POST",
      `/workspaces/${rival.workspaceId}/domains/${rivalAdded.body.domain.id}/verify`,
      {
        token: rival.admin.token,
      },
    );
    expect(taken.body.issues).toEqual([expect.objectContaining({ code: "DOMAIN_TAKEN" })]);

    const listed = await callApi("GET", `/workspaces/${team.workspaceId}/domains`, {
      token: team.admin.token,
    });
    expect(listed.body.domains).toEqual([expect.objectContaining({ id, domain, allowsJoining: false })]);
    const opened = await callApi("PATCH", `/workspaces/${team.workspaceId}/domains/${id}`, {
      token: team.admin.token,
      body: { domain: { allowsJoining: true } },
    });
    expect(opened.body.domain.allowsJoining).toBe(true);
    expect(
      (
        await callApi("PATCH", `/workspaces/${team.workspaceId}/domains/${createId()}`, {
          token: team.admin.token,
          body: { domain: { allowsJoining: true } },
        })
      ).status,
    ).toBe(404);
    expect(
      (await callApi("DELETE", `/workspaces/${team.workspaceId}/domains/${id}`, { token: team.admin.token }))
        .status,
    ).toBe(200);
    expect((await auditActionsOf(team.workspaceId)).filter((action) => action.startsWith("domain."))).toEqual(
      ["domain.added", "domain.verified", "domain.updated", "domain.deleted"],
    );
  });

  it("let people with a verified address of an open domain join as MEMBER from the builder", async () => {
    const team = await createTestTeam();
    const domain = uniqueDomain();
    await verifyDomain(team, domain, true);
    const { user } = await createUserAccount(prisma, {
      email: `grace@${domain}`,
      password: "correct horse battery",
    });
    const session = (await createUserSession(prisma, user.id)).token;
    const builder = createBuilderClient({ sessionToken: session });
    // Not verified yet: no offer, and joining is refused.
    expect((await builder.query("domains.listJoinableWorkspaces", undefined)).data).toEqual({
      workspaces: [],
    });
    expect((await builder.mutate("domains.joinWorkspace", { workspaceId: team.workspaceId })).status).toBe(
      403,
    );
    await prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    const offered = await builder.query("domains.listJoinableWorkspaces", undefined);
    expect(offered.data.workspaces).toEqual([expect.objectContaining({ id: team.workspaceId, domain })]);
    const joined = await builder.mutate("domains.joinWorkspace", { workspaceId: team.workspaceId });
    expect(joined.data).toEqual({ workspaceId: team.workspaceId });
    expect(
      await prisma.memberInWorkspace.findUnique({
        where: { userId_workspaceId: { userId: user.id, workspaceId: team.workspaceId } },
        select: { role: true },
      }),
    ).toEqual({ role: "MEMBER" });
    expect((await builder.query("domains.listJoinableWorkspaces", undefined)).data).toEqual({
      workspaces: [],
    });
    expect(
      (await auditActionsOf(team.workspaceId)).filter((action) => action === "member.joinedByDomain"),
    ).toHaveLength(1);
  });
});

describe("signing in through a workspace's provider", { timeout: 90_000 }, () => {
  it("is routed by the address's verified domain, joins an open domain's newcomer as MEMBER, and refuses other domains", async () => {
    const team = await createTestTeam();
    const domain = uniqueDomain();
    await verifyDomain(team, domain, true);
    const sso = await configureSso(team, domain);
    const login = `ada-${createId().slice(0, 8)}`;
    const email = `${login}@${domain}`;
    oidc.people.set(login, { email, email_verified: true, name: "Ada" });

    const outcome = await signInThroughProvider({
      handle,
      builderUrl,
      startPath: `/api/auth/sso/start?email=${encodeURIComponent(email)}`,
      login,
    });
    expect(outcome.visited[0]).toBe(
      `${builderUrl}/api/auth/sso/ws-${sso.id}?login_hint=${encodeURIComponent(email)}`,
    );
    expect(new URL(outcome.visited[1] ?? "").searchParams.get("login_hint")).toBe(email);
    expect(outcome.location).toBe(`${builderUrl}/dashboard?workspace=${team.workspaceId}`);
    const user = await prisma.user.findUniqueOrThrow({
      where: { email },
      select: { id: true, workspaces: { select: { workspaceId: true, role: true } } },
    });
    // Sign-up is closed on this install: the open domain let the account be made, in the workspace only.
    expect(user.workspaces).toEqual([{ workspaceId: team.workspaceId, role: "MEMBER" }]);
    const actions = await auditActionsOf(team.workspaceId);
    expect(actions.filter((action) => action === "member.joinedByDomain")).toHaveLength(1);

    // An address of another domain, even verified by the provider, is refused.
    const stranger = `mallory-${createId().slice(0, 8)}`;
    oidc.people.set(stranger, { email: `${stranger}@gmail.test`, email_verified: true });
    const refused = await signInThroughProvider({
      handle,
      builderUrl,
      startPath: `/api/auth/sso/ws-${sso.id}`,
      login: stranger,
    });
    expect(refused).toMatchObject({
      location: `${builderUrl}/sign-in?error=SSO_DOMAIN_NOT_ALLOWED`,
      session: undefined,
    });
    expect(await prisma.user.count({ where: { email: `${stranger}@gmail.test` } })).toBe(0);

    // A domain without a workspace provider is sent back to the SSO form.
    const unknown = await handle(new Request(`${builderUrl}/api/auth/sso/start?email=ada%40nowhere.test`));
    expect(unknown.headers.get("location")).toBe(
      `${builderUrl}/sign-in/sso?error=SSO_NOT_CONFIGURED&email=ada%40nowhere.test`,
    );
  });
});

describe("a workspace requiring its single sign-on", { timeout: 90_000 }, () => {
  it("refuses its members' password sessions and tokens with SSO_REQUIRED, opens for a session signed in through it, and lets ADMINs in (break-glass)", async () => {
    const team = await createTestTeam();
    const domain = uniqueDomain();
    await verifyDomain(team, domain);
    const member = await createDomainMember(team, domain);
    const sso = await configureSso(team, domain, { isEnforced: true });
    expect((await prisma.workspaceSso.findUniqueOrThrow({ where: { id: sso.id } })).isEnforced).toBe(true);

    // Password session of a MEMBER: refused, with the code the builder acts on.
    const withPassword = createBuilderClient({ sessionToken: member.passwordSession });
    const refused = await withPassword.query("workspaces.getWorkspace", { workspaceId: team.workspaceId });
    expect(refused.status).toBe(403);
    expect(refused.error.issues).toEqual([expect.objectContaining({ code: "SSO_REQUIRED" })]);
    // The same for every role below ADMIN, over REST, with tokens made without it.
    for (const role of ["member", "guest"] as const) {
      const rest = await callApi("GET", `/bots?workspaceId=${team.workspaceId}`, { token: team[role].token });
      expect(rest.status).toBe(403);
      expect(rest.body.issues).toEqual([expect.objectContaining({ code: "SSO_REQUIRED" })]);
    }
    // Break-glass: ADMINs still open it with a password or a token, to repair or lift the configuration.
    expect(
      (await callApi("GET", `/bots?workspaceId=${team.workspaceId}`, { token: team.admin.token })).status,
    ).toBe(200);
    const adminSession = (await createUserSession(prisma, team.admin.user.id)).token;
    expect(
      (
        await createBuilderClient({ sessionToken: adminSession }).query("workspaces.getWorkspace", {
          workspaceId: team.workspaceId,
        })
      ).status,
    ).toBe(200);
    // Outsiders stay outsiders (no hint of the enforcement).
    const outsider = await callApi("GET", `/bots?workspaceId=${team.workspaceId}`, {
      token: team.outsider.token,
    });
    expect(outsider.status).toBe(403);
    expect(outsider.body.issues).toEqual([]);

    // The builder sends the member to the workspace's provider; signed in through it, the workspace opens.
    oidc.people.set(member.login, { email: member.email, email_verified: true, name: "Member" });
    const outcome = await signInThroughProvider({
      handle,
      builderUrl,
      startPath: `/api/auth/sso/start?workspaceId=${team.workspaceId}`,
      login: member.login,
    });
    expect(outcome.visited[0]).toBe(`${builderUrl}/api/auth/sso/ws-${sso.id}`);
    expect(outcome.location).toBe(`${builderUrl}/dashboard?workspace=${team.workspaceId}`);
    const withSso = createBuilderClient({ sessionToken: outcome.session });
    expect((await withSso.query("workspaces.getWorkspace", { workspaceId: team.workspaceId })).status).toBe(
      200,
    );
    // A token made from that session is accepted too; one made from the password session is not.
    const fromSso = await withSso.mutate("apiTokens.createApiToken", { name: "ci" });
    expect(fromSso.status).toBe(200);
    expect(
      (await callApi("GET", `/bots?workspaceId=${team.workspaceId}`, { token: fromSso.data.apiToken.token }))
        .status,
    ).toBe(200);
    const fromPassword = await withPassword.mutate("apiTokens.createApiToken", { name: "laptop" });
    expect(fromPassword.status).toBe(200);
    expect(
      (
        await callApi("GET", `/bots?workspaceId=${team.workspaceId}`, {
          token: fromPassword.data.apiToken.token,
        })
      ).status,
    ).toBe(403);

    // Lifting the enforcement opens it to every way in again.
    await callApi("PUT", `/workspaces/${team.workspaceId}/sso`, {
      token: team.admin.token,
      body: { sso: { ...ssoInput(domain), clientSecret: undefined, isEnforced: false } },
    });
    expect(
      (await withPassword.query("workspaces.getWorkspace", { workspaceId: team.workspaceId })).status,
    ).toBe(200);
  });
});
