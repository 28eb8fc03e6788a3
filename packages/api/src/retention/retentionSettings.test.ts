import { getPrisma } from "@parley/db";
import { createTestBot, createTestTeam, teamRoles } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../testing/fixtures";
import { sampleFlow } from "../testing/sampleFlow";

const prisma = getPrisma();
const badRequest = (path: (string | number)[]) => ({
  code: "BAD_REQUEST",
  message: "Invalid input data",
  issues: [expect.objectContaining({ path, message: expect.any(String) })],
});

describe("the workspace's data retention (settings.retentionDays)", () => {
  it("is set by an ADMIN through PATCH, shown in the record's settings, and turned off with null", async () => {
    const team = await createTestTeam();
    const path = `/workspaces/${team.workspaceId}`;
    const patched = await callApi("PATCH", path, {
      token: team.admin.token,
      body: { settings: { retentionDays: 30 } },
    });
    // The contract's PATCH answer stays name and icon; the record shows the setting.
    expect(patched.status).toBe(200);
    expect(Object.keys(patched.body.workspace).sort()).toEqual(["icon", "name"]);
    const read = await callApi("GET", path, { token: team.guest.token });
    expect(read.status).toBe(200);
    expect(read.body.workspace.settings).toEqual({ retentionDays: 30, typebotCompatibility: false });
    expect(await prisma.workspace.findUnique({ where: { id: team.workspaceId } })).toMatchObject({
      retentionDays: 30,
    });
    // A rename leaves it as it is; null turns it off.
    await callApi("PATCH", path, { token: team.admin.token, body: { name: "Renamed" } });
    expect((await callApi("GET", path, { token: team.admin.token })).body.workspace.settings).toEqual({
      retentionDays: 30,
      typebotCompatibility: false,
    });
    await callApi("PATCH", path, { token: team.admin.token, body: { settings: { retentionDays: null } } });
    expect((await callApi("GET", path, { token: team.admin.token })).body.workspace.settings).toEqual({
      retentionDays: null,
      typebotCompatibility: false,
    });
  });

  it("is off on a new workspace", async () => {
    const team = await createTestTeam();
    const created = await callApi("POST", "/workspaces", { token: team.admin.token, body: { name: "New" } });
    expect(created.status).toBe(200);
    expect(created.body.workspace.settings).toEqual({ retentionDays: null, typebotCompatibility: false });
  });

  it("answers BAD_REQUEST at settings.retentionDays to anything but 1 to 3650 whole days, writing nothing", async () => {
    const team = await createTestTeam();
    for (const value of [0, -1, 3651, 1.5, "30", true, {}]) {
      const response = await callApi("PATCH", `/workspaces/${team.workspaceId}`, {
        token: team.admin.token,
        body: { name: "Not written", settings: { retentionDays: value } },
      });
      expect(response, JSON.stringify(value)).toEqual({
        status: 400,
        body: badRequest(["settings", "retentionDays"]),
      });
    }
    const unknown = await callApi("PATCH", `/workspaces/${team.workspaceId}`, {
      token: team.admin.token,
      body: { settings: { keepForever: true } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([
      expect.objectContaining({ path: ["settings", "keepForever"], code: "UNKNOWN_FIELD" }),
    ]);
    const stored = await prisma.workspace.findUniqueOrThrow({ where: { id: team.workspaceId } });
    expect(stored.retentionDays).toBeNull();
    expect(stored.name).not.toBe("Not written");
    for (const days of [1, 3650]) {
      const response = await callApi("PATCH", `/workspaces/${team.workspaceId}`, {
        token: team.admin.token,
        body: { settings: { retentionDays: days } },
      });
      expect(response.status).toBe(200);
    }
  });

  it("is changed by ADMINs only", async () => {
    const team = await createTestTeam();
    const statuses: Record<string, number> = {};
    for (const role of teamRoles) {
      const response = await callApi("PATCH", `/workspaces/${team.workspaceId}`, {
        token: team[role].token,
        body: { settings: { retentionDays: role === "admin" ? 90 : 1 } },
      });
      statuses[role] = response.status;
      if (role !== "admin") expect(response.body.code).toBe("FORBIDDEN");
    }
    expect(statuses).toEqual({ admin: 200, member: 403, guest: 403, outsider: 403 });
    const stored = await prisma.workspace.findUniqueOrThrow({ where: { id: team.workspaceId } });
    expect(stored.retentionDays).toBe(90);
  });
});

describe("the bot's data retention (retentionDays of PATCH /bots/{botId})", () => {
  it("is set by an ADMIN without moving the draft's updatedAt, and read with GET /bots/{botId}/retention", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    await prisma.workspace.update({ where: { id: team.workspaceId }, data: { retentionDays: 90 } });
    const before = await callApi("GET", `/bots/${bot.id}/retention`, { token: team.guest.token });
    expect(before).toEqual({
      status: 200,
      body: { retentionDays: null, workspaceRetentionDays: 90, effectiveRetentionDays: 90 },
    });
    const { updatedAt } = await prisma.bot.findUniqueOrThrow({ where: { id: bot.id } });
    const patched = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.admin.token,
      body: { bot: {}, retentionDays: 365 },
    });
    expect(patched.status).toBe(200);
    expect(Object.keys(patched.body)).toEqual(["bot"]);
    expect(patched.body.bot.updatedAt).toBe(updatedAt.toISOString());
    const after = await callApi("GET", `/bots/${bot.id}/retention`, { token: team.guest.token });
    // Longer than the workspace's: a bot's own value wins either way.
    expect(after.body).toEqual({
      retentionDays: 365,
      workspaceRetentionDays: 90,
      effectiveRetentionDays: 365,
    });
    const stored = await prisma.bot.findUniqueOrThrow({ where: { id: bot.id } });
    expect(stored).toMatchObject({ retentionDays: 365, updatedAt });
    // With other changes, both are written; null goes back to the workspace's.
    const both = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.admin.token,
      body: { bot: { name: "Renamed" }, retentionDays: null },
    });
    expect(both.status).toBe(200);
    expect(both.body.bot.name).toBe("Renamed");
    expect((await callApi("GET", `/bots/${bot.id}/retention`, { token: team.admin.token })).body).toEqual({
      retentionDays: null,
      workspaceRetentionDays: 90,
      effectiveRetentionDays: 90,
    });
  });

  it("is FORBIDDEN ADMIN_ONLY to a MEMBER, who still edits the bot without it; nothing is written", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    const refused = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.member.token,
      body: { bot: { name: "Not written" }, retentionDays: 7 },
    });
    expect(refused).toEqual({
      status: 403,
      body: {
        code: "FORBIDDEN",
        message: "Insufficient access",
        issues: [
          {
            message: "Only a workspace ADMIN changes data retention",
            path: ["retentionDays"],
            code: "ADMIN_ONLY",
          },
        ],
      },
    });
    expect(await prisma.bot.findUniqueOrThrow({ where: { id: bot.id } })).toMatchObject({
      retentionDays: null,
      name: bot.name,
    });
    for (const role of ["guest", "outsider"] as const) {
      const response = await callApi("PATCH", `/bots/${bot.id}`, {
        token: team[role].token,
        body: { bot: {}, retentionDays: 7 },
      });
      expect(response.status).toBe(403);
    }
    const edit = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.member.token,
      body: { bot: { name: "By a member" } },
    });
    expect(edit.status).toBe(200);
    const outsider = await callApi("GET", `/bots/${bot.id}/retention`, { token: team.outsider.token });
    expect(outsider.status).toBe(403);
  });

  it("answers BAD_REQUEST at retentionDays to anything but 1 to 3650 whole days", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    for (const value of [0, 3651, 2.5, "7", false]) {
      const response = await callApi("PATCH", `/bots/${bot.id}`, {
        token: team.admin.token,
        body: { bot: { name: "Not written" }, retentionDays: value },
      });
      expect(response, JSON.stringify(value)).toEqual({ status: 400, body: badRequest(["retentionDays"]) });
    }
    expect(await prisma.bot.findUniqueOrThrow({ where: { id: bot.id } })).toMatchObject({
      retentionDays: null,
      name: bot.name,
    });
  });
});
