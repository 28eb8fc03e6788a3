// Issue 26, item 6: the instance operators' REST (/api/v1/admin/…). Every operation of the OpenAPI document
// under /admin refuses everyone but an operator (ADMIN_EMAILS) — a workspace ADMIN included — with FORBIDDEN
// OPERATOR_ONLY and no change; an operator lists every workspace with its usage and changes it.
import { getPrisma } from "@parley/db";
import {
  createTestBot,
  createTestResult,
  createTestTeam,
  createTestUser,
  teamRoles,
} from "@parley/platform/testing/fixtures";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listOperations } from "../fuzz/listOperations";
import { createOpenApiDocument } from "../openapi/createOpenApiDocument";
import { callApi } from "../testing/fixtures";
import { sampleFlow } from "../testing/sampleFlow";

const prisma = getPrisma();
const adminOperations = listOperations(
  createOpenApiDocument({ builderUrl: "http://localhost:3000", viewerUrl: "http://localhost:3001" }) as never,
).filter((operation) => operation.route.startsWith("/admin/"));

afterEach(() => {
  vi.unstubAllEnvs();
});

/** A team whose published bot is held (riskLevel 100, workspace not verified), with one chat this period. */
async function createHeldTeam() {
  const team = await createTestTeam();
  const bot = await createTestBot(team.workspaceId, { ...sampleFlow, name: "Held bot" });
  const published = await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token });
  expect(published.status).toBe(200);
  await prisma.bot.update({ where: { id: bot.id }, data: { riskLevel: 100 } });
  await createTestResult(bot);
  return { team, bot };
}

const pathOf = (route: string, ids: { workspaceId: string; botId: string }) =>
  route.replace("{workspaceId}", ids.workspaceId).replace("{botId}", ids.botId);

const bodies: Record<string, unknown> = {
  "PATCH /admin/workspaces/{workspaceId}": {
    workspace: { isSuspended: true, isVerified: true, plan: "ENTERPRISE", chatsHardLimit: null },
  },
};

const snapshot = async (workspaceId: string, botId: string) => ({
  workspace: await prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } }),
  bot: await prisma.bot.findUniqueOrThrow({ where: { id: botId }, select: { riskLevel: true } }),
});

describe("/api/v1/admin", () => {
  it("lists the operations the operators' area uses", () => {
    expect(adminOperations.map(({ method, route }) => `${method} ${route}`).sort()).toEqual([
      "GET /admin/heldBots",
      "GET /admin/workspaces",
      "PATCH /admin/workspaces/{workspaceId}",
      "POST /admin/heldBots/{botId}/clear",
    ]);
  });

  it("refuses every member of a workspace, its ADMIN included, and a caller without a token; nothing changes", async () => {
    const { team, bot } = await createHeldTeam();
    const ids = { workspaceId: team.workspaceId, botId: bot.id };
    const before = await snapshot(team.workspaceId, bot.id);
    for (const { method, route } of adminOperations) {
      const key = `${method} ${route}`;
      for (const role of teamRoles) {
        const { status, body } = await callApi(method, pathOf(route, ids), {
          token: team[role].token,
          body: bodies[key] ?? (method === "GET" ? undefined : {}),
        });
        expect(status, `${key} as ${role}`).toBe(403);
        expect(body.issues, `${key} as ${role}`).toEqual([
          {
            code: "OPERATOR_ONLY",
            message: "Only the instance's operators (ADMIN_EMAILS) use the instance administration",
          },
        ]);
      }
      expect((await callApi(method, pathOf(route, ids), { body: bodies[key] })).status, key).toBe(401);
    }
    expect(await snapshot(team.workspaceId, bot.id)).toEqual(before);
  });

  it("gives an operator every workspace with its usage, plan and limits, and applies their changes", async () => {
    const { team, bot } = await createHeldTeam();
    const operator = await createTestUser();
    vi.stubEnv("ADMIN_EMAILS", operator.email);
    const listed = await callApi("GET", `/admin/workspaces?query=${team.workspaceId}`, {
      token: operator.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.workspaces).toEqual([
      expect.objectContaining({
        id: team.workspaceId,
        plan: "FREE",
        chatsHardLimit: 200,
        hasOwnChatsHardLimit: false,
        chatsUsed: 1,
        members: 3,
        bots: 1,
        heldBots: 1,
        isSuspended: false,
        isVerified: false,
      }),
    ]);
    const page = await callApi("GET", "/admin/workspaces?limit=1", { token: operator.token });
    expect(page.body.workspaces).toHaveLength(1);
    expect(page.body.nextCursor).toBe(page.body.workspaces[0].id);
    const next = await callApi("GET", `/admin/workspaces?limit=1&cursor=${page.body.nextCursor}`, {
      token: operator.token,
    });
    expect(next.body.workspaces[0].id).not.toBe(page.body.workspaces[0].id);

    const held = await callApi("GET", "/admin/heldBots", { token: operator.token });
    expect(held.body.bots).toContainEqual({
      id: bot.id,
      name: "Held bot",
      publicId: expect.any(String),
      riskLevel: 100,
      workspaceId: team.workspaceId,
      workspaceName: expect.any(String),
    });
    const cleared = await callApi("POST", `/admin/heldBots/${bot.id}/clear`, {
      token: operator.token,
      body: {},
    });
    expect(cleared).toEqual({ status: 200, body: { botId: bot.id, previousRiskLevel: 100 } });
    expect((await prisma.bot.findUniqueOrThrow({ where: { id: bot.id } })).riskLevel).toBe(0);

    const changed = await callApi("PATCH", `/admin/workspaces/${team.workspaceId}`, {
      token: operator.token,
      body: { workspace: { isSuspended: true, plan: "PRO", chatsHardLimit: 7 } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.workspace).toMatchObject({
      isSuspended: true,
      isVerified: false,
      plan: "PRO",
      chatsHardLimit: 7,
      hasOwnChatsHardLimit: true,
      heldBots: 0,
    });
    expect(
      await prisma.workspace.findUniqueOrThrow({
        where: { id: team.workspaceId },
        select: { isSuspended: true, isVerified: true, plan: true, chatsHardLimit: true },
      }),
    ).toEqual({ isSuspended: true, isVerified: false, plan: "PRO", chatsHardLimit: 7 });
    const restored = await callApi("PATCH", `/admin/workspaces/${team.workspaceId}`, {
      token: operator.token,
      body: { workspace: { isSuspended: false, isVerified: true, chatsHardLimit: null } },
    });
    expect(restored.body.workspace).toMatchObject({
      isSuspended: false,
      isVerified: true,
      plan: "PRO",
      chatsHardLimit: 100000,
      hasOwnChatsHardLimit: false,
    });

    for (const [method, path, body] of [
      ["PATCH", "/admin/workspaces/nosuchworkspace", { workspace: { isSuspended: true } }],
      ["POST", "/admin/heldBots/nosuchbot/clear", {}],
    ] as const)
      expect((await callApi(method, path, { token: operator.token, body })).status, path).toBe(404);
    const invalid = await callApi("PATCH", `/admin/workspaces/${team.workspaceId}`, {
      token: operator.token,
      body: { workspace: { plan: "GOLD" } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues[0].path).toEqual(["workspace", "plan"]);
  });
});
