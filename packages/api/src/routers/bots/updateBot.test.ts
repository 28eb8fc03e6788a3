import { getPrisma } from "@parley/db";
import { createTestTeam, teamRoles } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createValidFlow } from "../../testing/botFlow";
import { callApi, createApiBot as createBot } from "../../testing/fixtures";

describe("PATCH /bots/{botId}", () => {
  it("replaces the given fields, moves updatedAt and ignores riskLevel", async () => {
    const team = await createTestTeam();
    const bot = await createBot(team.member.token, team.workspaceId, { name: "Before" });
    const flow = createValidFlow();
    const { status, body } = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.member.token,
      body: {
        bot: {
          name: "After",
          isClosed: true,
          riskLevel: 99,
          publicId: "after-bot-x1",
          settings: { messaging: { isEnabled: true, sessionExpiryTimeout: 1.5 } },
          resultsTablePreferences: {
            columnsOrder: ["a"],
            columnsVisibility: { a: true },
            columnsWidth: { a: 120 },
          },
          ...flow,
          updatedAt: bot.updatedAt,
        },
      },
    });
    expect(status).toBe(200);
    expect(body.bot).toMatchObject({
      name: "After",
      isClosed: true,
      riskLevel: null,
      publicId: "after-bot-x1",
    });
    expect(body.bot.groups).toEqual(flow.groups);
    expect(body.bot.settings.messaging).toMatchObject({ isEnabled: true, sessionExpiryTimeout: 1.5 });
    expect(body.bot.resultsTablePreferences.columnsWidth).toEqual({ a: 120 });
    expect(Date.parse(body.bot.updatedAt)).toBeGreaterThan(Date.parse(bot.updatedAt));
    const reread = await callApi("GET", `/bots/${bot.id}`, { token: team.guest.token });
    expect(reread.body.bot).toEqual(body.bot);
  });

  it("shows an unset session expiry as null (the install's default), accepts up to 720 hours and null back", async () => {
    const team = await createTestTeam();
    const bot = await createBot(team.member.token, team.workspaceId);
    expect(bot.settings.messaging.sessionExpiryTimeout).toBeNull();
    const patch = (sessionExpiryTimeout: unknown) =>
      callApi("PATCH", `/bots/${bot.id}`, {
        token: team.member.token,
        body: {
          bot: { settings: { ...bot.settings, messaging: { isEnabled: true, sessionExpiryTimeout } } },
        },
      });
    const long = await patch(720);
    expect(long.body.bot.settings.messaging.sessionExpiryTimeout).toBe(720);
    const tooLong = await patch(720.5);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues[0].path).toEqual(["bot", "settings", "messaging", "sessionExpiryTimeout"]);
    // What GET answers can be written back as it is.
    const reset = await patch(null);
    expect(reset.status).toBe(200);
    expect(reset.body.bot.settings.messaging.sessionExpiryTimeout).toBeNull();
    const stored = await getPrisma().bot.findUniqueOrThrow({ where: { id: bot.id } });
    expect(stored.settings).toMatchObject({ messaging: { sessionExpiryTimeout: null } });
  });

  it("records editing activity of the workspace, at most once a minute; reads record none", async () => {
    const team = await createTestTeam();
    const prisma = getPrisma();
    const readActivity = async () =>
      (await prisma.workspace.findUniqueOrThrow({ where: { id: team.workspaceId } })).lastActivityAt;
    expect(await readActivity()).toBeNull();
    // A GUEST cannot write: a refused write and a read are no activity.
    const refused = await callApi("POST", "/bots", {
      token: team.guest.token,
      body: { workspaceId: team.workspaceId },
    });
    expect(refused.status).toBe(403);
    await callApi("GET", `/workspaces/${team.workspaceId}`, { token: team.member.token });
    // A write its handler refuses (no such member) is no activity either.
    const missing = await callApi("PATCH", `/workspaces/${team.workspaceId}/members/nobody0001`, {
      token: team.admin.token,
      body: { role: "MEMBER" },
    });
    expect(missing.status).toBe(404);
    expect(await readActivity()).toBeNull();

    const created = await createBot(team.member.token, team.workspaceId);
    const first = await readActivity();
    expect(first).not.toBeNull();
    expect(Math.abs((first?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    // The next edits within the minute write no activity (this process touched the workspace just now).
    const older = new Date(Date.now() - 5 * 60_000);
    await prisma.workspace.update({ where: { id: team.workspaceId }, data: { lastActivityAt: older } });
    const renamed = await callApi("PATCH", `/bots/${created.id}`, {
      token: team.member.token,
      body: { bot: { name: "Renamed" } },
    });
    expect(renamed.status).toBe(200);
    expect(await readActivity()).toEqual(older);
  });

  it("refuses an older updatedAt without overwrite, writing nothing, and writes with overwrite", async () => {
    const team = await createTestTeam();
    const bot = await createBot(team.admin.token, team.workspaceId, { name: "Original" });
    const firstSave = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.admin.token,
      body: { bot: { name: "Tab A", updatedAt: bot.updatedAt } },
    });
    expect(firstSave.status).toBe(200);
    const stale = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.admin.token,
      body: { bot: { name: "Tab B", updatedAt: bot.updatedAt } },
    });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({
      code: "BAD_REQUEST",
      message: "Invalid input data",
      issues: [expect.objectContaining({ code: "CONFLICT_NEWER_VERSION", path: ["bot", "updatedAt"] })],
    });
    const stored = await getPrisma().bot.findUnique({ where: { id: bot.id } });
    expect(stored?.name).toBe("Tab A");
    expect(stored?.updatedAt.toISOString()).toBe(firstSave.body.bot.updatedAt);
    const forced = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.admin.token,
      body: { bot: { name: "Tab B", updatedAt: bot.updatedAt }, overwrite: true },
    });
    expect(forced.status).toBe(200);
    expect(forced.body.bot.name).toBe("Tab B");
  });

  it("lets only one of two concurrent saves of the same version win", async () => {
    const team = await createTestTeam();
    const bot = await createBot(team.admin.token, team.workspaceId);
    const saves = await Promise.all(
      ["One", "Two", "Three"].map((name) =>
        callApi("PATCH", `/bots/${bot.id}`, {
          token: team.admin.token,
          body: { bot: { name, updatedAt: bot.updatedAt } },
        }),
      ),
    );
    const statuses = saves.map((save) => save.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
  });

  it("checks the flow, the folder and the public id", async () => {
    const team = await createTestTeam();
    const other = await createTestTeam();
    const bot = await createBot(team.admin.token, team.workspaceId, createValidFlow());
    const taken = await createBot(team.admin.token, team.workspaceId);
    const foreignFolder = await callApi("POST", "/folders", {
      token: other.admin.token,
      body: { workspaceId: other.workspaceId, folder: { name: "X" } },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ edges: [] }, "bot"],
      [
        {
          groups: [
            { id: "g", title: "x", graphCoordinates: { x: 0, y: 0 }, blocks: [{ id: "z", type: "warp" }] },
          ],
        },
        "bot",
      ],
      [{ folderId: foreignFolder.body.folder.id }, "bot"],
      [{ publicId: taken.publicId }, "bot"],
      [{ publicId: "UPPER" }, "bot"],
      [{ updatedAt: "yesterday" }, "bot"],
    ];
    for (const [changes, root] of cases) {
      const response = await callApi("PATCH", `/bots/${bot.id}`, {
        token: team.admin.token,
        body: { bot: changes },
      });
      expect(response.status, JSON.stringify(changes)).toBe(400);
      expect(response.body.issues[0].path[0]).toBe(root);
    }
    const stored = await callApi("GET", `/bots/${bot.id}`, { token: team.admin.token });
    expect(stored.body.bot.updatedAt).toBe(bot.updatedAt);
  });

  it("takes customDomain only as a host name with an optional path, normalized and unique", async () => {
    const team = await createTestTeam();
    const other = await createTestTeam();
    const bot = await createBot(team.admin.token, team.workspaceId);
    const rival = await createBot(other.admin.token, other.workspaceId);
    for (const customDomain of [
      "<script>",
      "../../etc/passwd",
      "chat example.com",
      "chat.example.com:443",
      "",
    ]) {
      const refused = await callApi("PATCH", `/bots/${bot.id}`, {
        token: team.admin.token,
        body: { bot: { customDomain } },
      });
      expect(refused.status, customDomain).toBe(400);
      expect(refused.body).toEqual({
        code: "BAD_REQUEST",
        message: "Invalid input data",
        issues: [
          {
            code: "INVALID_FIELD",
            path: ["bot", "customDomain"],
            message: expect.stringMatching(/host name/),
          },
        ],
      });
    }
    const host = `Bücher-${bot.id.slice(0, 8)}.Example`;
    const saved = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.admin.token,
      body: { bot: { customDomain: ` ${host}/Help ` } },
    });
    expect(saved.status).toBe(200);
    const stored = new URL(`http://${host}`).hostname;
    expect(stored).toMatch(/^xn--/);
    expect(saved.body.bot.customDomain).toBe(`${stored}/help`);
    const taken = await callApi("PATCH", `/bots/${rival.id}`, {
      token: other.admin.token,
      body: { bot: { customDomain: `${stored.toUpperCase()}/HELP` } },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.issues).toEqual([
      expect.objectContaining({ code: "CUSTOM_DOMAIN_TAKEN", path: ["bot", "customDomain"] }),
    ]);
    const row = await getPrisma().bot.findUnique({ where: { id: rival.id }, select: { customDomain: true } });
    expect(row?.customDomain).toBeNull();
  });

  it("applies the role matrix and answers NOT_FOUND and UNAUTHORIZED", async () => {
    const team = await createTestTeam();
    const bot = await createBot(team.admin.token, team.workspaceId);
    const statuses: Record<string, number> = {};
    for (const role of teamRoles) {
      statuses[role] = (
        await callApi("PATCH", `/bots/${bot.id}`, { token: team[role].token, body: { bot: { name: role } } })
      ).status;
    }
    expect(statuses).toEqual({ admin: 200, member: 200, guest: 403, outsider: 403 });
    expect((await getPrisma().bot.findUnique({ where: { id: bot.id } }))?.name).toBe("member");
    expect(
      (await callApi("PATCH", "/bots/nosuchbot123", { token: team.admin.token, body: { bot: {} } })).status,
    ).toBe(404);
    expect((await callApi("PATCH", `/bots/${bot.id}`, { body: { bot: {} } })).status).toBe(401);
  });
});
