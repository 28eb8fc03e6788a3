import { createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createValidFlow } from "../../testing/botFlow";
import { callApi, createApiBot } from "../../testing/fixtures";

async function botWithTwoVersions() {
  const team = await createTestTeam();
  const bot = await createApiBot(team.member.token, team.workspaceId, {
    name: "Helper",
    ...createValidFlow(),
  });
  await callApi("POST", `/bots/${bot.id}/publish`, { token: team.member.token });
  const flow = createValidFlow();
  flow.groups[0]!.title = "Hello";
  (flow.groups[2]!.blocks as unknown[]).push({
    id: "b6",
    type: "text",
    content: { richText: [{ type: "p", children: [{ text: "See you" }] }] },
  });
  await callApi("PATCH", `/bots/${bot.id}`, { token: team.member.token, body: { bot: flow } });
  await callApi("POST", `/bots/${bot.id}/publish`, { token: team.member.token });
  return { team, bot };
}

describe("GET /bots/{botId}/versions/diff", () => {
  it("compares two versions, and by default the live version with the draft, to a GUEST", async () => {
    const { team, bot } = await botWithTwoVersions();
    const { status, body } = await callApi("GET", `/bots/${bot.id}/versions/diff?from=1&to=2`, {
      token: team.guest.token,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      from: "1",
      to: "2",
      changes: [
        { kind: "group", change: "changed", id: "g1", groupId: null, label: "Hello", fields: ["title"] },
        { kind: "block", change: "added", id: "b6", groupId: "g3", label: "text", fields: [] },
      ],
    });
    const backwards = await callApi("GET", `/bots/${bot.id}/versions/diff?from=2&to=1`, {
      token: team.guest.token,
    });
    expect(backwards.body.changes.map((change: { change: string }) => change.change)).toEqual([
      "changed",
      "removed",
    ]);
    await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.member.token,
      body: { bot: { settings: { typingEmulation: { speed: 250 } } } },
    });
    const draft = await callApi("GET", `/bots/${bot.id}/versions/diff`, { token: team.guest.token });
    expect(draft.body).toEqual({
      from: "2",
      to: "draft",
      changes: [
        {
          kind: "settings",
          change: "changed",
          id: null,
          groupId: null,
          label: "settings",
          fields: ["typingEmulation.speed"],
        },
      ],
    });
    // The single version route still answers beside it.
    expect((await callApi("GET", `/bots/${bot.id}/versions/2`, { token: team.guest.token })).status).toBe(
      200,
    );
  });

  it("answers NOT_FOUND for a missing version, BAD_REQUEST for a bad one, FORBIDDEN to other workspaces", async () => {
    const { team, bot } = await botWithTwoVersions();
    const missing = await callApi("GET", `/bots/${bot.id}/versions/diff?from=9`, { token: team.admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.issues).toEqual([{ message: "No such version", path: ["from"] }]);
    for (const query of ["from=0", "to=latest", "from=1.5"]) {
      const bad = await callApi("GET", `/bots/${bot.id}/versions/diff?${query}`, { token: team.admin.token });
      expect(bad.status, query).toBe(400);
      expect(bad.body.code).toBe("BAD_REQUEST");
    }
    const outsider = await callApi("GET", `/bots/${bot.id}/versions/diff?from=1&to=2`, {
      token: team.outsider.token,
    });
    expect(outsider.status).toBe(403);
    expect(outsider.body.code).toBe("FORBIDDEN");
    // A version number of another workspace's bot, asked through a bot the caller reads: NOT_FOUND.
    const other = await botWithTwoVersions();
    const unpublished = await createApiBot(other.team.admin.token, other.team.workspaceId, createValidFlow());
    const never = await callApi("GET", `/bots/${unpublished.id}/versions/diff`, {
      token: other.team.admin.token,
    });
    expect(never.status).toBe(404);
    expect(never.body.issues[0].path).toEqual(["from"]);
    expect((await callApi("GET", `/bots/${bot.id}/versions/diff`, {})).status).toBe(401);
  });
});
