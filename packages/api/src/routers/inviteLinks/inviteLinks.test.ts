import { randomInt } from "node:crypto";
import { createId, getPrisma } from "@parley/db";
import { createTestTeam, createTestUser, teamRoles } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createBuilderClient } from "../../testing/builderClient";
import { findRowsNaming } from "../../testing/findRowsNaming";
import { callApi } from "../../testing/fixtures";

const prisma = getPrisma();
const tokenOf = (url: string) => /\/join\/([A-Za-z0-9_-]{43})$/.exec(url)?.[1] ?? "";
const newAddress = () => `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}::2`;

async function signedIn(user: { email: string; password: string }) {
  const client = createBuilderClient({ clientAddress: newAddress() });
  expect((await client.mutate("auth.signIn", { email: user.email, password: user.password })).status).toBe(
    200,
  );
  return client;
}

async function createLink(
  team: { workspaceId: string; admin: { token: string } },
  inviteLink: Record<string, unknown>,
) {
  const response = await callApi("POST", `/workspaces/${team.workspaceId}/inviteLinks`, {
    token: team.admin.token,
    body: { inviteLink },
  });
  expect(response.status).toBe(200);
  return response.body.inviteLink as { id: string; url: string; uses: number };
}

describe("invite links", () => {
  it("creates, lists and deletes links, ADMIN only; only the link's hash is stored", async () => {
    const team = await createTestTeam();
    const path = `/workspaces/${team.workspaceId}/inviteLinks`;
    const statuses: Record<string, number> = {};
    for (const role of teamRoles) {
      statuses[role] = (
        await callApi("POST", path, { token: team[role].token, body: { inviteLink: {} } })
      ).status;
    }
    expect(statuses).toEqual({ admin: 200, member: 403, guest: 403, outsider: 403 });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const link = await createLink(team, { role: "GUEST", expiresAt, maxUses: 2 });
    expect(link).toEqual({
      id: expect.any(String),
      role: "GUEST",
      createdAt: expect.any(String),
      expiresAt,
      maxUses: 2,
      uses: 0,
      url: expect.stringMatching(/\/join\/[A-Za-z0-9_-]{43}$/),
    });
    expect(await findRowsNaming(prisma, [tokenOf(link.url)])).toEqual([]);
    const listed = await callApi("GET", path, { token: team.admin.token });
    expect(listed.body.inviteLinks).toHaveLength(2);
    expect(listed.body.inviteLinks[0]).not.toHaveProperty("url");
    for (const role of ["member", "guest", "outsider"] as const) {
      expect((await callApi("GET", path, { token: team[role].token })).status).toBe(403);
      expect((await callApi("DELETE", `${path}/${link.id}`, { token: team[role].token })).status).toBe(403);
    }
    const past = await callApi("POST", path, {
      token: team.admin.token,
      body: { inviteLink: { expiresAt: "2020-01-01T00:00:00Z", maxUses: 0 } },
    });
    expect(past.status).toBe(400);
    expect(past.body.issues.map((issue: { path: string[] }) => issue.path.join("."))).toEqual(
      expect.arrayContaining(["inviteLink.maxUses"]),
    );
    const pastOnly = await callApi("POST", path, {
      token: team.admin.token,
      body: { inviteLink: { expiresAt: "2020-01-01T00:00:00Z" } },
    });
    expect(pastOnly.status).toBe(400);
    expect(pastOnly.body.issues[0].path).toEqual(["inviteLink", "expiresAt"]);

    expect((await callApi("DELETE", `${path}/${link.id}`, { token: team.admin.token })).status).toBe(200);
    expect((await callApi("DELETE", `${path}/${link.id}`, { token: team.admin.token })).status).toBe(404);
    expect(
      (await createBuilderClient().query("inviteLinks.checkInviteLink", { token: tokenOf(link.url) })).data,
    ).toEqual({ inviteLink: null });
  });

  it("never lets another workspace's ADMIN list or delete a link", async () => {
    const team = await createTestTeam();
    const other = await createTestTeam();
    const link = await createLink(team, {});
    const base = `/workspaces/${team.workspaceId}/inviteLinks`;
    for (const [method, path, body] of [
      ["GET", base, undefined],
      ["POST", base, { inviteLink: {} }],
      ["DELETE", `${base}/${link.id}`, undefined],
    ] as const) {
      expect(
        (await callApi(method, path, { token: other.admin.token, body })).status,
        `${method} ${path}`,
      ).toBe(403);
    }
    const own = `/workspaces/${other.workspaceId}/inviteLinks/${link.id}`;
    expect((await callApi("DELETE", own, { token: other.admin.token })).status).toBe(404);
    expect(await prisma.workspaceInviteLink.count({ where: { id: link.id } })).toBe(1);
  });

  it("lets people join with the link's role until it is used up; members use nothing", async () => {
    const team = await createTestTeam();
    const link = await createLink(team, { role: "GUEST", maxUses: 2 });
    const token = tokenOf(link.url);
    const shown = await createBuilderClient().query("inviteLinks.checkInviteLink", { token });
    expect(shown.data).toEqual({ inviteLink: { role: "GUEST", workspaceName: expect.any(String) } });

    // A member following the link keeps their role and counts no use.
    const member = await signedIn(team.member);
    expect((await member.mutate("inviteLinks.joinByInviteLink", { token })).data).toEqual({
      workspaceId: team.workspaceId,
    });
    const existing = await createTestUser();
    const joined = await (await signedIn(existing)).mutate("inviteLinks.joinByInviteLink", { token });
    expect(joined).toMatchObject({ status: 200, data: { workspaceId: team.workspaceId } });
    const email = `joined-${createId()}@example.test`;
    const browser = createBuilderClient({ clientAddress: newAddress() });
    const signUp = await browser.mutate("inviteLinks.signUpWithInviteLink", {
      token,
      email,
      password: "a good long password",
      name: "Linus",
    });
    expect(signUp).toMatchObject({ status: 200, data: { user: { email }, workspaceId: team.workspaceId } });
    const roles = await prisma.memberInWorkspace.findMany({
      where: {
        workspaceId: team.workspaceId,
        user: { email: { in: [existing.email, email, team.member.email] } },
      },
      include: { user: true },
    });
    expect(Object.fromEntries(roles.map((row) => [row.user.email, row.role]))).toEqual({
      [existing.email]: "GUEST",
      [email]: "GUEST",
      [team.member.email]: "MEMBER",
    });
    expect((await prisma.workspaceInviteLink.findUniqueOrThrow({ where: { id: link.id } })).uses).toBe(2);

    // Used up: refused, and no account is made.
    const late = `late-${createId()}@example.test`;
    const refused = await createBuilderClient().mutate("inviteLinks.signUpWithInviteLink", {
      token,
      email: late,
      password: "a good long password",
    });
    expect(refused.status).toBe(400);
    expect(refused.error.issues[0].code).toBe("INVITE_LINK_INVALID");
    expect(await prisma.user.count({ where: { email: late } })).toBe(0);
    const third = await (await signedIn(await createTestUser())).mutate("inviteLinks.joinByInviteLink", {
      token,
    });
    expect(third.error.issues[0].code).toBe("INVITE_LINK_INVALID");
  });

  it("refuses an expired link", async () => {
    const team = await createTestTeam();
    const link = await createLink(team, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await prisma.workspaceInviteLink.update({
      where: { id: link.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const token = tokenOf(link.url);
    expect((await createBuilderClient().query("inviteLinks.checkInviteLink", { token })).data).toEqual({
      inviteLink: null,
    });
    const refused = await (await signedIn(await createTestUser())).mutate("inviteLinks.joinByInviteLink", {
      token,
    });
    expect(refused.status).toBe(400);
    expect(refused.error.issues[0].code).toBe("INVITE_LINK_INVALID");
  });
});
