// Issue 26, item 6: a workspace's plan and chatsHardLimit are an operator's to change (ADMIN_EMAILS, the
// CLI), never something a workspace ADMIN grants themselves; new workspaces start on the instance's default.
import { getPrisma } from "@parley/db";
import { createTestTeam, createTestUser, teamRoles } from "@parley/platform/testing/fixtures";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callApi } from "../testing/fixtures";

const prisma = getPrisma();
const storedPlan = (workspaceId: string) =>
  prisma.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { plan: true, chatsHardLimit: true },
  });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("PATCH /billing/plan", () => {
  it("refuses every member of the workspace, its ADMIN included, and changes nothing", async () => {
    const team = await createTestTeam();
    for (const role of teamRoles) {
      const { status, body } = await callApi("PATCH", "/billing/plan", {
        token: team[role].token,
        body: { workspaceId: team.workspaceId, plan: "ENTERPRISE", chatsHardLimit: null },
      });
      expect(status, role).toBe(403);
      expect(body.code, role).toBe("FORBIDDEN");
      if (role !== "outsider")
        expect(body.issues, role).toEqual([
          {
            code: "OPERATOR_ONLY",
            message:
              "Only the instance's operators (ADMIN_EMAILS) change a workspace's plan or chatsHardLimit",
          },
        ]);
    }
    const limited = await callApi("PATCH", "/billing/plan", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, plan: "FREE", chatsHardLimit: 100_000_000 },
    });
    expect(limited.status).toBe(403);
    expect(await storedPlan(team.workspaceId)).toEqual({ plan: "FREE", chatsHardLimit: null });
    expect(await prisma.invoice.count({ where: { workspaceId: team.workspaceId } })).toBe(0);
  });

  it("applies an operator's change, in any workspace (ADMIN_EMAILS, case-insensitive)", async () => {
    const team = await createTestTeam();
    const operator = await createTestUser();
    vi.stubEnv("ADMIN_EMAILS", ` other@example.test, ${operator.email.toUpperCase()} `);
    const { status, body } = await callApi("PATCH", "/billing/plan", {
      token: operator.token,
      body: { workspaceId: team.workspaceId, plan: "ENTERPRISE", chatsHardLimit: 42 },
    });
    expect(status).toBe(200);
    expect(body.plan).toMatchObject({ plan: "ENTERPRISE", chatsHardLimit: 42, includedChats: null });
    expect(await storedPlan(team.workspaceId)).toEqual({ plan: "ENTERPRISE", chatsHardLimit: 42 });
    const admin = await callApi("PATCH", "/billing/plan", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, plan: "FREE" },
    });
    expect(admin.status).toBe(403);
    expect(await storedPlan(team.workspaceId)).toEqual({ plan: "ENTERPRISE", chatsHardLimit: 42 });
    const missing = await callApi("PATCH", "/billing/plan", {
      token: operator.token,
      body: { workspaceId: "nosuchworkspace", plan: "PRO" },
    });
    expect(missing.status).toBe(404);
  });
});

describe("new workspaces", () => {
  it("start on FREE with the plan's limit unless the instance sets a default", async () => {
    const user = await createTestUser();
    const created = await callApi("POST", "/workspaces", { token: user.token, body: { name: "Plain" } });
    expect(created.status).toBe(200);
    expect(await storedPlan(created.body.workspace.id)).toEqual({ plan: "FREE", chatsHardLimit: null });
    expect(created.body.workspace.chatsHardLimit).toBe(200);
  });

  it("get DEFAULT_WORKSPACE_PLAN and DEFAULT_WORKSPACE_CHATS_HARD_LIMIT (API and sign-up)", async () => {
    vi.stubEnv("DEFAULT_WORKSPACE_PLAN", "ENTERPRISE");
    vi.stubEnv("DEFAULT_WORKSPACE_CHATS_HARD_LIMIT", "5000");
    const user = await createTestUser();
    expect(await storedPlan(user.workspaceId)).toEqual({ plan: "ENTERPRISE", chatsHardLimit: 5000 });
    const created = await callApi("POST", "/workspaces", { token: user.token, body: { name: "Defaults" } });
    expect(created.status).toBe(200);
    expect(created.body.workspace.chatsHardLimit).toBe(5000);
    expect(await storedPlan(created.body.workspace.id)).toEqual({ plan: "ENTERPRISE", chatsHardLimit: 5000 });
  });
});
