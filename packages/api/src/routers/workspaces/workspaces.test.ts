import { getPrisma } from "@parley/db";
import { createTestTeam, createTestUser, teamRoles } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";

const workspaceKeys = [
  "chatsHardLimit",
  "createdAt",
  "icon",
  "id",
  "inactiveFirstEmailSentAt",
  "inactiveSecondEmailSentAt",
  "isPastDue",
  "isSuspended",
  "isVerified",
  "lastActivityAt",
  "name",
  "paymentId",
  "settings",
  "updatedAt",
];

describe("GET /workspaces", () => {
  it("lists only id, name and icon of the caller's workspaces", async () => {
    const team = await createTestTeam();
    const { status, body } = await callApi("GET", "/workspaces", { token: team.guest.token });
    expect(status).toBe(200);
    expect(body.workspaces).toHaveLength(1);
    expect(Object.keys(body.workspaces[0]).sort()).toEqual(["icon", "id", "name"]);
    expect(body.workspaces[0].id).toBe(team.workspaceId);
  });

  it("answers UNAUTHORIZED without a token and FORBIDDEN with a bad one", async () => {
    expect((await callApi("GET", "/workspaces")).status).toBe(401);
    const forbidden = await callApi("GET", "/workspaces", { token: "bt_nope" });
    expect(forbidden).toEqual({
      status: 403,
      body: { code: "FORBIDDEN", message: "Insufficient access", issues: expect.any(Array) },
    });
  });
});

describe("POST /workspaces", () => {
  it("creates a workspace with the caller as ADMIN and returns the full record", async () => {
    const user = await createTestUser();
    const { status, body } = await callApi("POST", "/workspaces", {
      token: user.token,
      body: { name: "  Acme  ", icon: "🤖" },
    });
    expect(status).toBe(200);
    expect(Object.keys(body.workspace).sort()).toEqual(workspaceKeys);
    expect(body.workspace).toMatchObject({
      name: "Acme",
      icon: "🤖",
      paymentId: null,
      settings: { retentionDays: null },
      isSuspended: false,
      isPastDue: false,
      isVerified: false,
      chatsHardLimit: 200,
      lastActivityAt: null,
    });
    expect(body.workspace.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const membership = await getPrisma().memberInWorkspace.findUnique({
      where: { userId_workspaceId: { userId: user.user.id, workspaceId: body.workspace.id } },
    });
    expect(membership?.role).toBe("ADMIN");
  });

  it("rejects a missing or empty name with one issue per field", async () => {
    const user = await createTestUser();
    for (const body of [{}, { name: "   " }, { name: 3 }, { name: "x".repeat(101) }]) {
      const response = await callApi("POST", "/workspaces", { token: user.token, body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: "BAD_REQUEST", message: "Invalid input data" });
      expect(response.body.issues).toEqual([expect.objectContaining({ path: ["name"] })]);
    }
  });

  it("answers UNAUTHORIZED and FORBIDDEN", async () => {
    expect((await callApi("POST", "/workspaces", { body: { name: "x" } })).status).toBe(401);
    expect((await callApi("POST", "/workspaces", { token: "bt_x", body: { name: "x" } })).status).toBe(403);
  });
});

describe("PATCH /workspaces/{workspaceId}", () => {
  it("returns only name and icon", async () => {
    const team = await createTestTeam();
    const { status, body } = await callApi("PATCH", `/workspaces/${team.workspaceId}`, {
      token: team.admin.token,
      body: { name: "Renamed", icon: "🚀" },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ workspace: { name: "Renamed", icon: "🚀" } });
    const stored = await getPrisma().workspace.findUnique({ where: { id: team.workspaceId } });
    expect(stored).toMatchObject({ name: "Renamed", icon: "🚀" });
  });

  it("is for ADMINs only", async () => {
    const team = await createTestTeam();
    const statuses: Record<string, number> = {};
    for (const role of teamRoles) {
      const response = await callApi("PATCH", `/workspaces/${team.workspaceId}`, {
        token: team[role].token,
        body: { name: `By ${role}` },
      });
      statuses[role] = response.status;
    }
    expect(statuses).toEqual({ admin: 200, member: 403, guest: 403, outsider: 403 });
    const stored = await getPrisma().workspace.findUnique({ where: { id: team.workspaceId } });
    expect(stored?.name).toBe("By admin");
  });

  it("answers NOT_FOUND, BAD_REQUEST and UNAUTHORIZED", async () => {
    const team = await createTestTeam();
    const missing = await callApi("PATCH", "/workspaces/doesnotexist", {
      token: team.admin.token,
      body: { name: "x" },
    });
    expect(missing).toEqual({ status: 404, body: { code: "NOT_FOUND", message: "Not found", issues: [] } });
    const invalid = await callApi("PATCH", `/workspaces/${team.workspaceId}`, {
      token: team.admin.token,
      body: { name: "" },
    });
    expect(invalid.status).toBe(400);
    expect((await callApi("PATCH", `/workspaces/${team.workspaceId}`, { body: { name: "x" } })).status).toBe(
      401,
    );
  });
});

describe("GET /workspaces/{workspaceId}", () => {
  it("returns the full record and the caller's role to members only", async () => {
    const team = await createTestTeam();
    const guest = await callApi("GET", `/workspaces/${team.workspaceId}`, { token: team.guest.token });
    expect(guest.status).toBe(200);
    expect(guest.body.currentUserRole).toBe("GUEST");
    expect(Object.keys(guest.body.workspace).sort()).toEqual(workspaceKeys);
    const outsider = await callApi("GET", `/workspaces/${team.workspaceId}`, { token: team.outsider.token });
    expect(outsider.status).toBe(403);
  });
});
