import { getPrisma } from "@parley/db";
import { createTestBot, createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";

// `{chat_url}/metrics` is the viewer's metrics endpoint once METRICS_TOKEN is set: a bot whose publicId is
// `metrics` would have a share page nobody reaches (401 to every visitor).
const reserved = {
  message: "This address is reserved by the server",
  code: "INVALID_FIELD",
};

describe("the publicId `metrics`", () => {
  it("is refused on creation and on update, BAD_REQUEST at the field, nothing written", async () => {
    const team = await createTestTeam();
    const created = await callApi("POST", "/bots", {
      token: team.member.token,
      body: { workspaceId: team.workspaceId, bot: { name: "Metrics", publicId: "metrics" } },
    });
    expect(created).toEqual({
      status: 400,
      body: {
        code: "BAD_REQUEST",
        message: "Invalid input data",
        issues: [{ ...reserved, path: ["bot", "publicId"] }],
      },
    });
    const bot = await createTestBot(team.workspaceId, { publicId: "metrics-dashboard" });
    const updated = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.member.token,
      body: { bot: { publicId: "metrics" } },
    });
    expect(updated.status).toBe(400);
    expect(updated.body.issues).toEqual([{ ...reserved, path: ["bot", "publicId"] }]);
    expect(await getPrisma().bot.count({ where: { publicId: "metrics" } })).toBe(0);
    // Only the whole slug is reserved.
    const near = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.member.token,
      body: { bot: { publicId: "metrics-2" } },
    });
    expect(near.status).toBe(200);
    expect(near.body.bot.publicId).toBe("metrics-2");
  });
});
