import { getPrisma } from "@parley/db";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";

// Adding a member invites them: invitations.test.ts.
describe("workspace members", () => {
  it("lists members with their roles to every member", async () => {
    const team = await createTestTeam();
    const { status, body } = await callApi("GET", `/workspaces/${team.workspaceId}/members`, {
      token: team.guest.token,
    });
    expect(status).toBe(200);
    expect(body.members.map((m: { role: string }) => m.role).sort()).toEqual(["ADMIN", "GUEST", "MEMBER"]);
    expect(body.members[0]).toEqual({
      userId: team.admin.user.id,
      email: team.admin.email,
      name: "Test User",
      role: "ADMIN",
      createdAt: expect.any(String),
    });
    expect(
      (await callApi("GET", `/workspaces/${team.workspaceId}/members`, { token: team.outsider.token }))
        .status,
    ).toBe(403);
  });

  it("changes roles and never leaves a workspace without an ADMIN", async () => {
    const team = await createTestTeam();
    const promote = await callApi("PATCH", `/workspaces/${team.workspaceId}/members/${team.guest.user.id}`, {
      token: team.admin.token,
      body: { role: "MEMBER" },
    });
    expect(promote.status).toBe(200);
    expect(promote.body.member.role).toBe("MEMBER");
    const byMember = await callApi(
      "PATCH",
      `/workspaces/${team.workspaceId}/members/${team.member.user.id}`,
      {
        token: team.member.token,
        body: { role: "ADMIN" },
      },
    );
    expect(byMember.status).toBe(403);
    const demoteLast = await callApi(
      "PATCH",
      `/workspaces/${team.workspaceId}/members/${team.admin.user.id}`,
      {
        token: team.admin.token,
        body: { role: "GUEST" },
      },
    );
    expect(demoteLast.status).toBe(400);
    expect(demoteLast.body.issues[0].code).toBe("LAST_ADMIN");
    const missing = await callApi(
      "PATCH",
      `/workspaces/${team.workspaceId}/members/${team.outsider.user.id}`,
      {
        token: team.admin.token,
        body: { role: "GUEST" },
      },
    );
    expect(missing.status).toBe(404);
    const roles = await getPrisma().memberInWorkspace.findMany({ where: { workspaceId: team.workspaceId } });
    expect(roles.find((m) => m.userId === team.admin.user.id)?.role).toBe("ADMIN");
  });

  it("removes members (ADMIN), lets anyone leave, keeps the last ADMIN", async () => {
    const team = await createTestTeam();
    const path = (userId: string) => `/workspaces/${team.workspaceId}/members/${userId}`;
    expect((await callApi("DELETE", path(team.guest.user.id), { token: team.member.token })).status).toBe(
      403,
    );
    expect((await callApi("DELETE", path(team.guest.user.id), { token: team.guest.token })).status).toBe(200);
    expect((await callApi("DELETE", path(team.member.user.id), { token: team.admin.token })).status).toBe(
      200,
    );
    const last = await callApi("DELETE", path(team.admin.user.id), { token: team.admin.token });
    expect(last.status).toBe(400);
    expect(
      (await callApi("DELETE", path(team.outsider.user.id), { token: team.outsider.token })).status,
    ).toBe(403);
    const left = await getPrisma().memberInWorkspace.findMany({ where: { workspaceId: team.workspaceId } });
    expect(left.map((m) => m.userId)).toEqual([team.admin.user.id]);
  });
});
