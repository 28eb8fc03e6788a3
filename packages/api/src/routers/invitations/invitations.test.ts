import { randomInt } from "node:crypto";
import { createId, getPrisma } from "@parley/db";
import { createWorkspaceInvitation, INVITATION_TTL_MS } from "@parley/platform/accounts/workspaceInvitations";
import { createTestTeam, createTestUser, teamRoles } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createBuilderClient } from "../../testing/builderClient";
import { findRowsNaming } from "../../testing/findRowsNaming";
import { callApi } from "../../testing/fixtures";

// This install has no SMTP account: invitations still work, by passing the link on by hand.

const prisma = getPrisma();
const newEmail = () => `invited-${createId()}@example.test`;
const tokenOf = (url: string) => /\/invitations\/([A-Za-z0-9_-]{43})$/.exec(url)?.[1] ?? "";

async function invite(
  team: { workspaceId: string; admin: { token: string } },
  email: string,
  role = "MEMBER",
) {
  const response = await callApi("POST", `/workspaces/${team.workspaceId}/invitations`, {
    token: team.admin.token,
    body: { invitation: { email, role } },
  });
  expect(response.status).toBe(200);
  return response.body.invitation as { id: string; url: string; email: string; role: string };
}

async function signedIn(user: { email: string; password: string }) {
  const client = createBuilderClient({
    clientAddress: `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}::1`,
  });
  expect((await client.mutate("auth.signIn", { email: user.email, password: user.password })).status).toBe(
    200,
  );
  return client;
}

describe("invitations over REST", () => {
  it("invites by e-mail with a role, ADMIN only, and answers with a link that works by hand without SMTP", async () => {
    const team = await createTestTeam();
    const statuses: Record<string, number> = {};
    for (const role of teamRoles) {
      const response = await callApi("POST", `/workspaces/${team.workspaceId}/invitations`, {
        token: team[role].token,
        body: { invitation: { email: newEmail(), role: "GUEST" } },
      });
      statuses[role] = response.status;
    }
    expect(statuses).toEqual({ admin: 200, member: 403, guest: 403, outsider: 403 });

    const email = newEmail();
    const response = await callApi("POST", `/workspaces/${team.workspaceId}/invitations`, {
      token: team.admin.token,
      body: { invitation: { email: email.toUpperCase(), role: "ADMIN" } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      invitation: {
        id: expect.any(String),
        email,
        role: "ADMIN",
        invitedBy: team.admin.email,
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        url: expect.stringMatching(/\/invitations\/[A-Za-z0-9_-]{43}$/),
        emailSent: false,
      },
    });
    const { createdAt, expiresAt, url } = response.body.invitation;
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(INVITATION_TTL_MS);
    // Only the link's SHA-256 is stored.
    expect(await findRowsNaming(prisma, [tokenOf(url)])).toEqual([]);
  });

  it("answers alike whether or not the address has an account, and refuses current members", async () => {
    const team = await createTestTeam();
    const stranger = await createTestUser();
    const shapes = [];
    for (const email of [newEmail(), stranger.email]) {
      const response = await callApi("POST", `/workspaces/${team.workspaceId}/invitations`, {
        token: team.admin.token,
        body: { invitation: { email, role: "MEMBER" } },
      });
      shapes.push({ status: response.status, keys: Object.keys(response.body.invitation).sort() });
    }
    expect(shapes[0]).toEqual(shapes[1]);
    // Inviting is not joining: the account is not a member until it accepts.
    expect(
      await prisma.memberInWorkspace.count({
        where: { workspaceId: team.workspaceId, userId: stranger.user.id },
      }),
    ).toBe(0);
    const member = await callApi("POST", `/workspaces/${team.workspaceId}/invitations`, {
      token: team.admin.token,
      body: { invitation: { email: team.guest.email, role: "ADMIN" } },
    });
    expect(member.status).toBe(400);
    expect(member.body.issues).toEqual([
      expect.objectContaining({ code: "ALREADY_MEMBER", path: ["email"] }),
    ]);
    const bad = await callApi("POST", `/workspaces/${team.workspaceId}/invitations`, {
      token: team.admin.token,
      body: { invitation: { email: "not an address", role: "OWNER" } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((issue: { path: string[] }) => issue.path.join("."))).toEqual(
      expect.arrayContaining(["invitation.email", "invitation.role"]),
    );
  });

  it("adding a member invites them (no USER_NOT_FOUND): nobody joins without accepting", async () => {
    const team = await createTestTeam();
    const stranger = await createTestUser();
    for (const email of [newEmail(), stranger.email]) {
      const response = await callApi("POST", `/workspaces/${team.workspaceId}/members`, {
        token: team.admin.token,
        body: { email, role: "GUEST" },
      });
      expect(response.status).toBe(200);
      expect(response.body.invitation).toMatchObject({ email, role: "GUEST", emailSent: false });
    }
    expect(await prisma.memberInWorkspace.count({ where: { workspaceId: team.workspaceId } })).toBe(3);
    const byMember = await callApi("POST", `/workspaces/${team.workspaceId}/members`, {
      token: team.member.token,
      body: { email: newEmail() },
    });
    expect(byMember.status).toBe(403);
  });

  it("lists pending invitations and revokes them, ADMIN only; a revoked link stops working", async () => {
    const team = await createTestTeam();
    const first = await invite(team, newEmail(), "GUEST");
    const second = await invite(team, newEmail(), "MEMBER");
    const path = `/workspaces/${team.workspaceId}/invitations`;
    const listed = await callApi("GET", path, { token: team.admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.invitations.map((i: { id: string }) => i.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect(listed.body.invitations[0]).not.toHaveProperty("url");
    for (const role of ["member", "guest", "outsider"] as const) {
      expect((await callApi("GET", path, { token: team[role].token })).status, role).toBe(403);
      expect((await callApi("DELETE", `${path}/${first.id}`, { token: team[role].token })).status, role).toBe(
        403,
      );
      expect(
        (await callApi("POST", `${path}/${first.id}/resend`, { token: team[role].token })).status,
        role,
      ).toBe(403);
    }

    const revoked = await callApi("DELETE", `${path}/${first.id}`, { token: team.admin.token });
    expect(revoked).toMatchObject({ status: 200, body: { message: "success" } });
    const after = await callApi("GET", path, { token: team.admin.token });
    expect(after.body.invitations.map((i: { id: string }) => i.id)).toEqual([second.id]);
    expect((await callApi("DELETE", `${path}/${first.id}`, { token: team.admin.token })).status).toBe(404);
    const link = await createBuilderClient().query("invitations.checkInvitationLink", {
      token: tokenOf(first.url),
    });
    expect(link.data).toEqual({ invitation: null });
    const signUp = await createBuilderClient().mutate("invitations.signUpWithInvitationLink", {
      token: tokenOf(first.url),
      password: "a good long password",
    });
    expect(signUp.status).toBe(400);
    expect(signUp.error.issues).toEqual([
      expect.objectContaining({ code: "INVITATION_INVALID", path: ["token"] }),
    ]);
  });

  it("resends with a new link (the old one stops working) valid 7 more days", async () => {
    const team = await createTestTeam();
    const sent = await invite(team, newEmail());
    const resent = await callApi("POST", `/workspaces/${team.workspaceId}/invitations/${sent.id}/resend`, {
      token: team.admin.token,
    });
    expect(resent.status).toBe(200);
    expect(resent.body.invitation).toMatchObject({ id: sent.id, email: sent.email, emailSent: false });
    expect(resent.body.invitation.url).not.toBe(sent.url);
    const client = createBuilderClient();
    expect(
      (await client.query("invitations.checkInvitationLink", { token: tokenOf(sent.url) })).data,
    ).toEqual({
      invitation: null,
    });
    expect(
      (await client.query("invitations.checkInvitationLink", { token: tokenOf(resent.body.invitation.url) }))
        .data,
    ).toMatchObject({ invitation: { email: sent.email, role: "MEMBER" } });
    const missing = await callApi("POST", `/workspaces/${team.workspaceId}/invitations/missing0001/resend`, {
      token: team.admin.token,
    });
    expect(missing.status).toBe(404);
  });

  it("never lets another workspace's ADMIN list, resend or revoke an invitation", async () => {
    const team = await createTestTeam();
    const other = await createTestTeam();
    const sent = await invite(team, newEmail());
    const base = `/workspaces/${team.workspaceId}/invitations`;
    const calls: [string, string, unknown][] = [
      ["GET", base, undefined],
      ["POST", base, { invitation: { email: newEmail(), role: "ADMIN" } }],
      ["POST", `${base}/${sent.id}/resend`, undefined],
      ["DELETE", `${base}/${sent.id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const refused = await callApi(method, path, { token: other.admin.token, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    // The invitation named under one's own workspace: missing.
    const ownBase = `/workspaces/${other.workspaceId}/invitations/${sent.id}`;
    expect((await callApi("POST", `${ownBase}/resend`, { token: other.admin.token })).status).toBe(404);
    expect((await callApi("DELETE", ownBase, { token: other.admin.token })).status).toBe(404);
    expect(await prisma.workspaceInvitation.count({ where: { workspaceId: team.workspaceId } })).toBe(1);
    expect(await prisma.workspaceInvitation.count({ where: { workspaceId: other.workspaceId } })).toBe(0);
  });
});

describe("accepting an invitation", () => {
  it("lets a person without an account create it from the link and join, once", async () => {
    const team = await createTestTeam();
    const email = newEmail();
    const sent = await invite(team, email, "GUEST");
    const token = tokenOf(sent.url);
    const browser = createBuilderClient();
    const shown = await browser.query("invitations.checkInvitationLink", { token });
    expect(shown.data.invitation).toMatchObject({ email, role: "GUEST", workspaceName: expect.any(String) });
    const joined = await browser.mutate("invitations.signUpWithInvitationLink", {
      token,
      password: "a good long password",
      name: "Grace",
    });
    expect(joined).toMatchObject({
      status: 200,
      data: { user: { email, name: "Grace" }, workspaceId: team.workspaceId },
    });
    expect((await browser.query("auth.getCurrentUser", undefined)).data.user.email).toBe(email);
    const member = await prisma.memberInWorkspace.findFirstOrThrow({
      where: { workspaceId: team.workspaceId, user: { email } },
    });
    expect(member.role).toBe("GUEST");
    // No workspace of its own; the invitation is used up.
    expect(await prisma.memberInWorkspace.count({ where: { userId: member.userId } })).toBe(1);
    expect(await prisma.workspaceInvitation.count({ where: { id: sent.id } })).toBe(0);
    const again = await createBuilderClient().mutate("invitations.signUpWithInvitationLink", {
      token,
      password: "another long password",
    });
    expect(again.status).toBe(400);
    expect(again.error.issues[0].code).toBe("INVITATION_INVALID");
  });

  it("refuses an expired link", async () => {
    const team = await createTestTeam();
    const email = newEmail();
    const { token } = await createWorkspaceInvitation(
      prisma,
      { workspaceId: team.workspaceId, email, role: "MEMBER", invitedById: team.admin.user.id },
      { actor: { id: team.admin.user.id, email: team.admin.user.email }, ip: "unknown", userAgent: "test" },
      new Date(Date.now() - INVITATION_TTL_MS - 1000),
    );
    const browser = createBuilderClient();
    expect((await browser.query("invitations.checkInvitationLink", { token })).data).toEqual({
      invitation: null,
    });
    const late = await browser.mutate("invitations.signUpWithInvitationLink", {
      token,
      password: "a good long password",
    });
    expect(late.status).toBe(400);
    expect(late.error.issues[0].code).toBe("INVITATION_INVALID");
    expect(await prisma.user.count({ where: { email } })).toBe(0);
  });

  it("lets an existing user join by the link once signed in, only with the invited address", async () => {
    const team = await createTestTeam();
    const invited = await createTestUser();
    const someoneElse = await createTestUser();
    const sent = await invite(team, invited.email, "MEMBER");
    const token = tokenOf(sent.url);
    const anonymous = await createBuilderClient().mutate("invitations.acceptInvitation", { token });
    expect(anonymous.status).toBe(401);
    const wrong = await (await signedIn(someoneElse)).mutate("invitations.acceptInvitation", { token });
    expect(wrong.status).toBe(400);
    expect(wrong.error.issues[0].code).toBe("INVITATION_FOR_ANOTHER_EMAIL");
    // An account with this address signs up through the link: refused, it signs in instead.
    const taken = await createBuilderClient().mutate("invitations.signUpWithInvitationLink", {
      token,
      password: "a good long password",
    });
    expect(taken.status).toBe(400);
    expect(taken.error.issues[0].code).toBe("EMAIL_TAKEN");

    const accepted = await (await signedIn(invited)).mutate("invitations.acceptInvitation", { token });
    expect(accepted).toMatchObject({ status: 200, data: { workspaceId: team.workspaceId } });
    const members = await callApi("GET", `/workspaces/${team.workspaceId}/members`, { token: invited.token });
    expect(members.body.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: invited.email, role: "MEMBER" })]),
    );
    const twice = await (await signedIn(invited)).mutate("invitations.acceptInvitation", { token });
    expect(twice.error.issues[0].code).toBe("INVITATION_INVALID");
  });

  it("shows an existing user the invitations to their address in the builder, to accept or decline", async () => {
    const team = await createTestTeam();
    const other = await createTestTeam();
    const invited = await createTestUser();
    const fromTeam = await invite(team, invited.email, "GUEST");
    const fromOther = await invite(other, invited.email, "ADMIN");
    const client = await signedIn(invited);
    const listed = await client.query("invitations.listMyInvitations", undefined);
    expect(listed.data.invitations.map((i: { id: string }) => i.id).sort()).toEqual(
      [fromTeam.id, fromOther.id].sort(),
    );
    expect(listed.data.invitations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: fromTeam.id, workspaceId: team.workspaceId, role: "GUEST" }),
      ]),
    );
    // Someone else's invitation is unknown to this user.
    const intruder = await signedIn(await createTestUser());
    expect(
      (await intruder.mutate("invitations.acceptMyInvitation", { invitationId: fromTeam.id })).status,
    ).toBe(404);
    expect(
      (await intruder.mutate("invitations.declineMyInvitation", { invitationId: fromTeam.id })).status,
    ).toBe(404);

    expect(
      await client.mutate("invitations.acceptMyInvitation", { invitationId: fromTeam.id }),
    ).toMatchObject({
      status: 200,
      data: { workspaceId: team.workspaceId },
    });
    expect(
      await client.mutate("invitations.declineMyInvitation", { invitationId: fromOther.id }),
    ).toMatchObject({
      status: 200,
    });
    expect((await client.query("invitations.listMyInvitations", undefined)).data.invitations).toEqual([]);
    const memberships = await prisma.memberInWorkspace.findMany({ where: { userId: invited.user.id } });
    expect(memberships.map((m) => [m.workspaceId, m.role]).sort()).toEqual(
      [
        [invited.workspaceId, "ADMIN"],
        [team.workspaceId, "GUEST"],
      ].sort(),
    );
    expect(await prisma.workspaceInvitation.count({ where: { email: invited.email } })).toBe(0);
  });
});
