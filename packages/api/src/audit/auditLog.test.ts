// Issue 26, item 5: every recorded action leaves exactly one entry with its actor, target, client address and
// user agent, written in the transaction of the change; a refused request leaves none; the listing is the
// workspace ADMINs'.
import { createId, getPrisma } from "@parley/db";
import { type AuditRequest, appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { createTestTeam, createTestUser, type TestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createBuilderClient } from "../testing/builderClient";
import { callApi, fetchApi } from "../testing/fixtures";
import { deleteExpiredAuditEntries } from "./deleteExpiredAuditEntries";

const prisma = getPrisma();
let clientNumber = 0;

/** A distinct client per call: its address and user agent must be the ones stored. */
function newClient() {
  clientNumber += 1;
  return {
    ip: `2001:db8:a0d1:${clientNumber.toString(16)}::7`,
    userAgent: `AuditTest/${clientNumber} (${createId().slice(0, 6)})`,
  };
}

function clientHeaders(client: { ip: string; userAgent: string }) {
  return { "x-parley-client-address": client.ip, "user-agent": client.userAgent };
}

/** Calls the REST API as `user` from a new client; resolves the answer and that client. */
async function call(user: TestUser, method: string, path: string, body?: unknown) {
  const client = newClient();
  const answer = await callApi(method, path, { token: user.token, body, headers: clientHeaders(client) });
  return { ...answer, client };
}

function entriesOf(action: string, targetId: string) {
  return prisma.auditLogEntry.findMany({ where: { action, targetId } });
}

/** Exactly one entry of `action` on the target, by `actor`, from `client`. */
async function expectOneEntry(
  action: string,
  target: { type: string; id: string },
  actor: { id: string | null; email: string },
  client: { ip: string; userAgent: string },
  workspaceId: string | null,
) {
  const rows = await entriesOf(action, target.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    action,
    workspaceId,
    actorId: actor.id,
    actorEmail: actor.email,
    targetType: target.type,
    targetId: target.id,
    ip: client.ip,
    userAgent: client.userAgent,
  });
}

const actorOf = (user: TestUser) => ({ id: user.user.id, email: user.email });

describe("audit log entries", () => {
  it("records a sign-in and a failed sign-in (user-level actions)", async () => {
    const user = await createTestUser();
    const client = newClient();
    const browser = createBuilderClient({ clientAddress: client.ip, userAgent: client.userAgent });
    const wrong = await browser.mutate("auth.signIn", { email: user.email, password: "not the password" });
    expect(wrong.status).toBe(400);
    await expectOneEntry(
      "user.signInFailed",
      { type: "user", id: user.user.id },
      actorOf(user),
      client,
      null,
    );
    const signedIn = await browser.mutate("auth.signIn", { email: user.email, password: user.password });
    expect(signedIn.status).toBe(200);
    await expectOneEntry("user.signedIn", { type: "user", id: user.user.id }, actorOf(user), client, null);
    // The entry names the method: a password, no second factor asked; the failed one, a password too.
    expect((await entriesOf("user.signedIn", user.user.id))[0]?.details).toEqual({
      method: "password",
      secondFactor: "none",
    });
    expect((await entriesOf("user.signInFailed", user.user.id))[0]?.details).toEqual({ method: "password" });
    const listed = await callApi("GET", `/workspaces/${user.workspaceId}/auditLog?action=user.signedIn`, {
      token: user.token,
    });
    expect(listed.body.entries[0].details).toEqual({ method: "password", secondFactor: "none" });

    // An e-mail without an account: the entry names the address tried, no account.
    const unknown = `nobody-${createId()}@example.test`;
    expect((await browser.mutate("auth.signIn", { email: unknown, password: "whatever it is" })).status).toBe(
      400,
    );
    await expectOneEntry(
      "user.signInFailed",
      { type: "user", id: unknown },
      { id: null, email: unknown },
      client,
      null,
    );
  });

  it("records API tokens created and revoked, in the workspace a token is restricted to", async () => {
    const team = await createTestTeam();
    const created = await call(team.member, "POST", "/users/me/api-tokens", {
      name: "CI",
      workspaceId: team.workspaceId,
    });
    expect(created.status).toBe(200);
    const tokenId = created.body.apiToken.id as string;
    const target = { type: "apiToken", id: tokenId };
    await expectOneEntry("apiToken.created", target, actorOf(team.member), created.client, team.workspaceId);
    const revoked = await call(team.member, "DELETE", `/users/me/api-tokens/${tokenId}`);
    expect(revoked.status).toBe(200);
    await expectOneEntry("apiToken.revoked", target, actorOf(team.member), revoked.client, team.workspaceId);
    // Revoking again changes nothing: NOT_FOUND, no second entry.
    expect((await call(team.member, "DELETE", `/users/me/api-tokens/${tokenId}`)).status).toBe(404);
    expect(await entriesOf("apiToken.revoked", tokenId)).toHaveLength(1);
  });

  it("records workspace creation, settings and deletion; a refused change leaves none", async () => {
    const team = await createTestTeam();
    const created = await call(team.outsider, "POST", "/workspaces", { name: "Second" });
    expect(created.status).toBe(200);
    const workspaceId = created.body.workspace.id as string;
    const target = { type: "workspace", id: workspaceId };
    await expectOneEntry("workspace.created", target, actorOf(team.outsider), created.client, workspaceId);

    const refused = await call(team.member, "PATCH", `/workspaces/${team.workspaceId}`, { name: "Mine" });
    expect(refused.status).toBe(403);
    expect(await entriesOf("workspace.updated", team.workspaceId)).toHaveLength(0);
    const renamed = await call(team.admin, "PATCH", `/workspaces/${team.workspaceId}`, { name: "Renamed" });
    expect(renamed.status).toBe(200);
    await expectOneEntry(
      "workspace.updated",
      { type: "workspace", id: team.workspaceId },
      actorOf(team.admin),
      renamed.client,
      team.workspaceId,
    );

    const deleted = await call(team.outsider, "DELETE", `/workspaces/${workspaceId}`);
    expect(deleted.status).toBe(200);
    // The entry outlives the workspace (until the retention removes it).
    await expectOneEntry("workspace.deleted", target, actorOf(team.outsider), deleted.client, workspaceId);
  });

  it("records an operator's plan change; a workspace ADMIN's refused change leaves none", async () => {
    const team = await createTestTeam();
    const operator = await createTestUser();
    vi.stubEnv("ADMIN_EMAILS", operator.email);
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const body = { workspaceId: team.workspaceId, plan: "PRO" };
    expect((await call(team.admin, "PATCH", "/billing/plan", body)).status).toBe(403);
    expect(await entriesOf("workspace.planChanged", team.workspaceId)).toHaveLength(0);
    const changed = await call(operator, "PATCH", "/billing/plan", body);
    expect(changed.status).toBe(200);
    await expectOneEntry(
      "workspace.planChanged",
      { type: "workspace", id: team.workspaceId },
      actorOf(operator),
      changed.client,
      team.workspaceId,
    );
  });

  it("records an operator's suspension, verification and risk clearing; a refused one leaves none", async () => {
    const team = await createTestTeam();
    const operator = await createTestUser();
    vi.stubEnv("ADMIN_EMAILS", operator.email);
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const workspace = { type: "workspace", id: team.workspaceId };
    const path = `/admin/workspaces/${team.workspaceId}`;
    expect((await call(team.admin, "PATCH", path, { workspace: { isSuspended: true } })).status).toBe(403);
    expect(await entriesOf("workspace.suspended", team.workspaceId)).toHaveLength(0);
    const suspended = await call(operator, "PATCH", path, {
      workspace: { isSuspended: true, isVerified: true },
    });
    expect(suspended.status).toBe(200);
    await expectOneEntry(
      "workspace.suspended",
      workspace,
      actorOf(operator),
      suspended.client,
      team.workspaceId,
    );
    await expectOneEntry(
      "workspace.verified",
      workspace,
      actorOf(operator),
      suspended.client,
      team.workspaceId,
    );
    const lifted = await call(operator, "PATCH", path, { workspace: { isSuspended: false } });
    await expectOneEntry(
      "workspace.unsuspended",
      workspace,
      actorOf(operator),
      lifted.client,
      team.workspaceId,
    );

    const bot = await prisma.bot.create({
      data: { id: createId(), name: "Held", workspaceId: team.workspaceId, riskLevel: 90 },
    });
    expect((await call(team.admin, "POST", `/admin/heldBots/${bot.id}/clear`)).status).toBe(403);
    expect(await entriesOf("bot.riskCleared", bot.id)).toHaveLength(0);
    const cleared = await call(operator, "POST", `/admin/heldBots/${bot.id}/clear`);
    expect(cleared.status).toBe(200);
    await expectOneEntry(
      "bot.riskCleared",
      { type: "bot", id: bot.id },
      actorOf(operator),
      cleared.client,
      team.workspaceId,
    );
  });

  it("records role changes and removals; the last ADMIN's refused demotion leaves none", async () => {
    const team = await createTestTeam();
    const base = `/workspaces/${team.workspaceId}/members`;
    const lastAdmin = await call(team.admin, "PATCH", `${base}/${team.admin.user.id}`, { role: "GUEST" });
    expect(lastAdmin.status).toBe(400);
    expect(await entriesOf("member.roleChanged", team.admin.user.id)).toHaveLength(0);
    const promoted = await call(team.admin, "PATCH", `${base}/${team.guest.user.id}`, { role: "MEMBER" });
    expect(promoted.status).toBe(200);
    const target = { type: "member", id: team.guest.user.id };
    await expectOneEntry(
      "member.roleChanged",
      target,
      actorOf(team.admin),
      promoted.client,
      team.workspaceId,
    );
    const removed = await call(team.admin, "DELETE", `${base}/${team.guest.user.id}`);
    expect(removed.status).toBe(200);
    await expectOneEntry("member.removed", target, actorOf(team.admin), removed.client, team.workspaceId);
  });

  it("records invitations created, resent, revoked, accepted and declined", async () => {
    const team = await createTestTeam();
    const invitee = await createTestUser();
    const base = `/workspaces/${team.workspaceId}/invitations`;
    const refused = await call(team.member, "POST", base, {
      invitation: { email: invitee.email, role: "GUEST" },
    });
    expect(refused.status).toBe(403);
    const invited = await call(team.admin, "POST", base, {
      invitation: { email: invitee.email, role: "GUEST" },
    });
    expect(invited.status).toBe(200);
    const invitationId = invited.body.invitation.id as string;
    const target = { type: "invitation", id: invitationId };
    await expectOneEntry("invitation.created", target, actorOf(team.admin), invited.client, team.workspaceId);
    const resent = await call(team.admin, "POST", `${base}/${invitationId}/resend`);
    expect(resent.status).toBe(200);
    await expectOneEntry("invitation.resent", target, actorOf(team.admin), resent.client, team.workspaceId);

    // The invitee accepts in the builder: one entry, by the invitee.
    const session = newClient();
    const browser = createBuilderClient({ clientAddress: session.ip, userAgent: session.userAgent });
    expect(
      (await browser.mutate("auth.signIn", { email: invitee.email, password: invitee.password })).status,
    ).toBe(200);
    const accepted = await browser.mutate("invitations.acceptMyInvitation", { invitationId });
    expect(accepted.status).toBe(200);
    await expectOneEntry("invitation.accepted", target, actorOf(invitee), session, team.workspaceId);

    // Another invitation, declined by its invitee; a third, revoked by the ADMIN.
    const other = await createTestUser();
    const second = await call(team.admin, "POST", base, {
      invitation: { email: other.email, role: "MEMBER" },
    });
    const secondId = second.body.invitation.id as string;
    const otherSession = newClient();
    const otherBrowser = createBuilderClient({
      clientAddress: otherSession.ip,
      userAgent: otherSession.userAgent,
    });
    await otherBrowser.mutate("auth.signIn", { email: other.email, password: other.password });
    expect(
      (await otherBrowser.mutate("invitations.declineMyInvitation", { invitationId: secondId })).status,
    ).toBe(200);
    await expectOneEntry(
      "invitation.declined",
      { type: "invitation", id: secondId },
      actorOf(other),
      otherSession,
      team.workspaceId,
    );
    const third = await call(team.admin, "POST", base, {
      invitation: { email: `later-${createId()}@example.test`, role: "MEMBER" },
    });
    const thirdId = third.body.invitation.id as string;
    const revoked = await call(team.admin, "DELETE", `${base}/${thirdId}`);
    expect(revoked.status).toBe(200);
    await expectOneEntry(
      "invitation.revoked",
      { type: "invitation", id: thirdId },
      actorOf(team.admin),
      revoked.client,
      team.workspaceId,
    );
  });

  it("records invite links created, used and deleted", async () => {
    const team = await createTestTeam();
    const base = `/workspaces/${team.workspaceId}/inviteLinks`;
    const created = await call(team.admin, "POST", base, { inviteLink: { role: "GUEST" } });
    expect(created.status).toBe(200);
    const linkId = created.body.inviteLink.id as string;
    const target = { type: "inviteLink", id: linkId };
    await expectOneEntry("inviteLink.created", target, actorOf(team.admin), created.client, team.workspaceId);

    const joiner = await createTestUser();
    const session = newClient();
    const browser = createBuilderClient({ clientAddress: session.ip, userAgent: session.userAgent });
    await browser.mutate("auth.signIn", { email: joiner.email, password: joiner.password });
    const token = (created.body.inviteLink.url as string).split("/join/")[1];
    expect((await browser.mutate("inviteLinks.joinByInviteLink", { token })).status).toBe(200);
    await expectOneEntry("inviteLink.used", target, actorOf(joiner), session, team.workspaceId);
    // A member joining again uses nothing: no second entry.
    expect((await browser.mutate("inviteLinks.joinByInviteLink", { token })).status).toBe(200);
    expect(await entriesOf("inviteLink.used", linkId)).toHaveLength(1);

    const deleted = await call(team.admin, "DELETE", `${base}/${linkId}`);
    expect(deleted.status).toBe(200);
    await expectOneEntry("inviteLink.deleted", target, actorOf(team.admin), deleted.client, team.workspaceId);
  });

  it("records a bot created, edited, published, unpublished, restored and deleted", async () => {
    const team = await createTestTeam();
    const created = await call(team.member, "POST", "/bots", {
      workspaceId: team.workspaceId,
      bot: { name: "Audited" },
    });
    expect(created.status).toBe(200);
    const botId = created.body.bot.id as string;
    const target = { type: "bot", id: botId };
    const expectEntry = (action: string, client: { ip: string; userAgent: string }) =>
      expectOneEntry(action, target, actorOf(team.member), client, team.workspaceId);
    await expectEntry("bot.created", created.client);

    const refused = await call(team.guest, "PATCH", `/bots/${botId}`, { bot: { name: "By a guest" } });
    expect(refused.status).toBe(403);
    const stale = await call(team.member, "PATCH", `/bots/${botId}`, {
      bot: { name: "Stale", updatedAt: "2020-01-01T00:00:00.000Z" },
    });
    expect(stale.status).toBe(400);
    expect(await entriesOf("bot.edited", botId)).toHaveLength(0);
    const edited = await call(team.member, "PATCH", `/bots/${botId}`, { bot: { name: "Edited" } });
    expect(edited.status).toBe(200);
    await expectEntry("bot.edited", edited.client);

    const published = await call(team.member, "POST", `/bots/${botId}/publish`);
    expect(published.status).toBe(200);
    await expectEntry("bot.published", published.client);
    const unpublished = await call(team.member, "POST", `/bots/${botId}/unpublish`);
    expect(unpublished.status).toBe(200);
    await expectEntry("bot.unpublished", unpublished.client);
    // Not published any more: refused, no second entry.
    expect((await call(team.member, "POST", `/bots/${botId}/unpublish`)).status).toBe(400);
    expect(await entriesOf("bot.unpublished", botId)).toHaveLength(1);

    const restored = await call(team.member, "POST", `/bots/${botId}/versions/1/restore`);
    expect(restored.status).toBe(200);
    await expectEntry("bot.restored", restored.client);
    expect((await call(team.member, "POST", `/bots/${botId}/versions/9/restore`)).status).toBe(404);
    expect(await entriesOf("bot.restored", botId)).toHaveLength(1);

    const copy = await call(team.member, "POST", `/bots/${botId}/duplicate`, {});
    expect(copy.status).toBe(200);
    await expectOneEntry(
      "bot.created",
      { type: "bot", id: copy.body.bot.id },
      actorOf(team.member),
      copy.client,
      team.workspaceId,
    );

    const deleted = await call(team.member, "DELETE", `/bots/${botId}`);
    expect(deleted.status).toBe(200);
    await expectEntry("bot.deleted", deleted.client);
  });

  it("records credentials created, renamed and deleted, never their secret", async () => {
    const team = await createTestTeam();
    const secret = `sk-audit-${createId()}`;
    const created = await call(team.admin, "POST", "/credentials", {
      workspaceId: team.workspaceId,
      credentials: { type: "openai", name: "OpenAI", data: { apiKey: secret } },
    });
    expect(created.status).toBe(200);
    const id = created.body.credentials.id as string;
    const target = { type: "credentials", id };
    await expectOneEntry(
      "credentials.created",
      target,
      actorOf(team.admin),
      created.client,
      team.workspaceId,
    );
    const renamed = await call(team.admin, "PATCH", `/credentials/${id}`, {
      workspaceId: team.workspaceId,
      credentials: { name: "Renamed" },
    });
    expect(renamed.status).toBe(200);
    await expectOneEntry(
      "credentials.updated",
      target,
      actorOf(team.admin),
      renamed.client,
      team.workspaceId,
    );
    const deleted = await call(team.admin, "DELETE", `/credentials/${id}?workspaceId=${team.workspaceId}`);
    expect(deleted.status).toBe(200);
    await expectOneEntry(
      "credentials.deleted",
      target,
      actorOf(team.admin),
      deleted.client,
      team.workspaceId,
    );
    const stored = await prisma.auditLogEntry.findMany({ where: { targetId: id } });
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it("records an export of results; a refused export leaves none", async () => {
    const team = await createTestTeam();
    const created = await call(team.member, "POST", "/bots", { workspaceId: team.workspaceId, bot: {} });
    const botId = created.body.bot.id as string;
    const outsider = newClient();
    const refused = await fetchApi("GET", `/bots/${botId}/results-csv`, {
      token: team.outsider.token,
      headers: clientHeaders(outsider),
    });
    expect(refused.status).toBe(403);
    expect(await entriesOf("results.exported", botId)).toHaveLength(0);
    const client = newClient();
    const response = await fetchApi("GET", `/bots/${botId}/results-csv`, {
      token: team.guest.token,
      headers: clientHeaders(client),
    });
    expect(response.status).toBe(200);
    await response.text();
    await expectOneEntry(
      "results.exported",
      { type: "bot", id: botId },
      actorOf(team.guest),
      client,
      team.workspaceId,
    );
  });

  it("writes an entry only with the change it records: a change that fails leaves none", async () => {
    const team = await createTestTeam();
    const taken = await call(team.member, "POST", "/bots", { workspaceId: team.workspaceId, bot: {} });
    const publicId = taken.body.bot.publicId as string;
    const request: AuditRequest = { actor: actorOf(team.member), ip: "192.0.2.1", userAgent: "test" };
    const botId = createId();
    // The entry first, then a change refused by the database (a public id already taken): both roll back.
    await expect(
      prisma.$transaction(async (tx) => {
        await appendAuditEntry(tx, request, {
          action: "bot.created",
          workspaceId: team.workspaceId,
          target: { type: "bot", id: botId },
        });
        await tx.bot.create({ data: { id: botId, name: "Twin", workspaceId: team.workspaceId, publicId } });
      }),
    ).rejects.toThrow();
    expect(await entriesOf("bot.created", botId)).toHaveLength(0);
  });
});

describe("GET /workspaces/{workspaceId}/auditLog", () => {
  it("is the ADMINs': MEMBER, GUEST and another workspace's users are refused", async () => {
    const team = await createTestTeam();
    const path = `/workspaces/${team.workspaceId}/auditLog`;
    expect((await callApi("GET", path, { token: team.admin.token })).status).toBe(200);
    for (const user of [team.member, team.guest, team.outsider]) {
      const refused = await callApi("GET", path, { token: user.token });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("FORBIDDEN");
    }
    expect((await callApi("GET", path)).status).toBe(401);
    const badFilter = await callApi("GET", `${path}?action=bot.exploded`, { token: team.admin.token });
    expect(badFilter.status).toBe(400);
    const badCursor = await callApi("GET", `${path}?cursor=nonsense`, { token: team.admin.token });
    expect(badCursor.status).toBe(400);
  });

  it("lists the workspace's entries newest first, filtered by action and actor, page by page", async () => {
    const team = await createTestTeam();
    const names = ["One", "Two", "Three"];
    for (const name of names)
      await call(team.member, "POST", "/bots", { workspaceId: team.workspaceId, bot: { name } });
    await call(team.admin, "PATCH", `/workspaces/${team.workspaceId}`, { name: "Renamed" });
    const path = `/workspaces/${team.workspaceId}/auditLog`;
    const all = await callApi("GET", path, { token: team.admin.token });
    expect(all.body.entries.map((entry: { action: string }) => entry.action)).toEqual([
      "workspace.updated",
      "bot.created",
      "bot.created",
      "bot.created",
    ]);
    expect(all.body.entries[0]).toEqual({
      id: expect.any(String),
      action: "workspace.updated",
      actor: { id: team.admin.user.id, email: team.admin.email },
      target: { type: "workspace", id: team.workspaceId },
      createdAt: expect.stringMatching(/Z$/),
      ip: expect.any(String),
      userAgent: expect.any(String),
      details: null,
    });
    const byMember = await callApi("GET", `${path}?actor=${team.member.user.id}&action=bot.created&limit=2`, {
      token: team.admin.token,
    });
    expect(byMember.body.entries).toHaveLength(2);
    expect(byMember.body.nextCursor).toEqual(expect.any(String));
    const next = await callApi(
      "GET",
      `${path}?actor=${team.member.user.id}&action=bot.created&limit=2&cursor=${byMember.body.nextCursor}`,
      { token: team.admin.token },
    );
    expect(next.body.entries).toHaveLength(1);
    expect(next.body.nextCursor).toBeNull();
    const seen = [...byMember.body.entries, ...next.body.entries].map((entry: { id: string }) => entry.id);
    expect(new Set(seen).size).toBe(3);
  });

  it("shows a member's user-level actions in each of their workspaces since joining, a restricted token's only in its own", async () => {
    const first = await createTestTeam();
    const second = await createTestTeam();
    const member = first.member;
    const browser = createBuilderClient({ clientAddress: newClient().ip });
    const signIn = () => browser.mutate("auth.signIn", { email: member.email, password: member.password });
    expect((await signIn()).status).toBe(200);
    // The first team's member joins the second workspace after that sign-in, then signs in again.
    const before = await prisma.auditLogEntry.findFirstOrThrow({
      where: { actorId: member.user.id, action: "user.signedIn" },
    });
    await prisma.memberInWorkspace.create({
      data: {
        userId: member.user.id,
        workspaceId: second.workspaceId,
        role: "MEMBER",
        createdAt: new Date(before.createdAt.getTime() + 1),
      },
    });
    expect((await signIn()).status).toBe(200);
    await call(member, "POST", "/users/me/api-tokens", {
      name: "restricted",
      workspaceId: first.workspaceId,
    });
    const actionsIn = async (team: typeof first) => {
      const listed = await callApi(
        "GET",
        `/workspaces/${team.workspaceId}/auditLog?actor=${member.user.id}`,
        {
          token: team.admin.token,
        },
      );
      expect(listed.status).toBe(200);
      return listed.body.entries.map((entry: { action: string }) => entry.action);
    };
    expect(await actionsIn(first)).toEqual(["apiToken.created", "user.signedIn", "user.signedIn"]);
    // The second workspace sees what its member did since joining it, not before.
    expect(await actionsIn(second)).toEqual(["user.signedIn"]);
    // Not a member: their user-level actions are not another workspace's business.
    const outsider = await callApi(
      "GET",
      `/workspaces/${first.workspaceId}/auditLog?actor=${first.outsider.user.id}`,
      { token: first.admin.token },
    );
    expect(outsider.body.entries).toEqual([]);
  });
});

describe("audit log retention", () => {
  it("deletes the entries older than the retention, keeps the others", async () => {
    const team = await createTestTeam();
    const now = new Date();
    const ids = { old: createId(), recent: createId() };
    for (const [key, daysAgo] of [
      ["old", 31],
      ["recent", 29],
    ] as const)
      await prisma.auditLogEntry.create({
        data: {
          id: ids[key],
          createdAt: new Date(now.getTime() - daysAgo * 86_400_000),
          workspaceId: team.workspaceId,
          action: "bot.edited",
          actorId: team.admin.user.id,
          actorEmail: team.admin.email,
          targetType: "bot",
          targetId: createId(),
          ip: "192.0.2.1",
          userAgent: "test",
        },
      });
    const run = await deleteExpiredAuditEntries(prisma, { retentionDays: 30, now });
    expect(run.isComplete).toBe(true);
    expect(run.deleted).toBeGreaterThanOrEqual(1);
    const left = await prisma.auditLogEntry.findMany({ where: { id: { in: [ids.old, ids.recent] } } });
    expect(left.map((entry) => entry.id)).toEqual([ids.recent]);
  });
});
