import { readFileSync } from "node:fs";
import path from "node:path";
import { getPrisma } from "@parley/db";
import { createTestTeam, teamRoles } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi, createApiBot } from "../../testing/fixtures";

const typebotV6 = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "fixtures/typebotV6Export.json"), "utf8"),
);

/** The export with Typebot's names replaced by this product's (`typebot*` -> `bot*`). */
function withBotNaming(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value).replaceAll('"Typebot link"', '"Bot link"').replaceAll('"typebotId"', '"botId"'),
  );
}

describe("POST /bots/import", () => {
  it("round-trips a Typebot v6 export: GET returns the same flow with bot naming", async () => {
    const team = await createTestTeam();
    const { status, body } = await callApi("POST", "/bots/import", {
      token: team.member.token,
      body: { workspaceId: team.workspaceId, bot: typebotV6 },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.warnings).toEqual([]);
    const got = await callApi("GET", `/bots/${body.bot.id}`, { token: team.member.token });
    const expected = withBotNaming(typebotV6) as Record<string, unknown>;
    for (const part of ["events", "groups", "edges", "variables"]) {
      expect(got.body.bot[part], part).toEqual(expected[part]);
    }
    expect(got.body.bot).toMatchObject({
      name: "Lead qualification",
      icon: "🧲",
      version: "6.1",
      workspaceId: team.workspaceId,
      folderId: null,
      publicId: "lead-qualification-tb6",
    });
    expect(got.body.bot.theme.general.font).toEqual({ type: "Google", family: "Open Sans" });
    expect(got.body.bot.settings.typingEmulation).toMatchObject({ enabled: true, speed: 400, maxDelay: 1.5 });
    expect(JSON.stringify(got.body.bot)).not.toMatch(/typebot/i);
  });

  it("accepts the `{typebot}` wrapper, v5 exports and its own export format", async () => {
    const team = await createTestTeam();
    const wrapped = await callApi("POST", "/bots/import", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, bot: { typebot: typebotV6 } },
    });
    expect(wrapped.status).toBe(200);
    expect(wrapped.body.bot.name).toBe("Lead qualification");
    const v5 = {
      version: "5",
      name: "Old bot",
      groups: [
        {
          id: "g0",
          title: "Start",
          graphCoordinates: { x: 0, y: 0 },
          blocks: [{ id: "s0", groupId: "g0", type: "start", label: "Start", outgoingEdgeId: "e0" }],
        },
        {
          id: "g1",
          title: "Ask",
          graphCoordinates: { x: 300, y: 0 },
          blocks: [
            {
              id: "t1",
              groupId: "g1",
              type: "text",
              content: { richText: [{ type: "p", children: [{ text: "Hi" }] }] },
            },
          ],
        },
      ],
      edges: [{ id: "e0", from: { groupId: "g0", blockId: "s0" }, to: { groupId: "g1" } }],
      variables: [],
      theme: {},
      settings: {},
    };
    const old = await callApi("POST", "/bots/import", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, bot: v5 },
    });
    expect(old.status, JSON.stringify(old.body)).toBe(200);
    expect(old.body.bot.version).toBe("6.1");
    expect(old.body.bot.events[0]).toMatchObject({ type: "start", outgoingEdgeId: "e0" });
    expect(old.body.bot.groups.map((group: { id: string }) => group.id)).toEqual(["g1"]);

    const own = await createApiBot(team.admin.token, team.workspaceId, { name: "Mine" });
    const exported = (await callApi("GET", `/bots/${own.id}`, { token: team.admin.token })).body;
    const reimported = await callApi("POST", "/bots/import", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, bot: exported },
    });
    expect(reimported.status).toBe(200);
    expect(reimported.body.bot.id).not.toBe(own.id);
    expect(reimported.body.bot.publicId).not.toBe(own.publicId);
    expect(reimported.body.bot.events).toEqual(own.events);
  });

  it("rejects what it cannot read, with paths under `bot`, storing nothing", async () => {
    const team = await createTestTeam();
    for (const bot of [
      undefined,
      "text",
      { version: "99", groups: [] },
      {
        ...typebotV6,
        groups: [
          {
            id: "g",
            title: "x",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [{ id: "b", type: "Wait", options: { secondsToWaitFor: 5 } }],
          },
        ],
      },
    ]) {
      const response = await callApi("POST", "/bots/import", {
        token: team.admin.token,
        body: { workspaceId: team.workspaceId, bot },
      });
      expect(response.status, JSON.stringify(bot)?.slice(0, 40)).toBe(400);
      expect(response.body.issues[0].path[0]).toBe("bot");
    }
    expect(await getPrisma().bot.count({ where: { workspaceId: team.workspaceId } })).toBe(0);
  });

  it("applies the role matrix", async () => {
    const team = await createTestTeam();
    const statuses: Record<string, number> = {};
    for (const role of teamRoles) {
      statuses[role] = (
        await callApi("POST", "/bots/import", {
          token: team[role].token,
          body: { workspaceId: team.workspaceId, bot: typebotV6 },
        })
      ).status;
    }
    expect(statuses).toEqual({ admin: 200, member: 200, guest: 403, outsider: 403 });
  });
});

describe("POST /bots/{botId}/duplicate", () => {
  it("copies the draft unpublished with a new publicId (MEMBER and ADMIN)", async () => {
    const team = await createTestTeam();
    const source = await callApi("POST", "/bots/import", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, bot: typebotV6 },
    });
    const statuses: Record<string, number> = {};
    for (const role of teamRoles) {
      const response = await callApi("POST", `/bots/${source.body.bot.id}/duplicate`, {
        token: team[role].token,
      });
      statuses[role] = response.status;
      if (response.status === 200) {
        expect(response.body.bot).toMatchObject({
          name: "Lead qualification (copy)",
          groups: source.body.bot.groups,
        });
        expect(response.body.bot.publicId).not.toBe(source.body.bot.publicId);
      }
    }
    expect(statuses).toEqual({ admin: 200, member: 200, guest: 403, outsider: 403 });
  });
});
