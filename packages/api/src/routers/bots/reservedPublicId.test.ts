import { readFileSync } from "node:fs";
import path from "node:path";
import { getPrisma } from "@parley/db";
import { createTestBot, createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";

// `{chat_url}/metrics` is the viewer's metrics endpoint once METRICS_TOKEN is set: a bot whose publicId is
// `metrics` would have a share page nobody reaches (401 to every visitor).
const typebotV6 = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "fixtures/typebotV6Export.json"), "utf8"),
) as Record<string, unknown>;
const reserved = {
  message: "This address is reserved by the server",
  code: "INVALID_FIELD",
};

describe("the publicId `metrics`", () => {
  // First: no bot holds it yet, so an import would keep it if it were allowed.
  it("is replaced by a new one when an imported bot carries it", async () => {
    const team = await createTestTeam();
    expect(await getPrisma().bot.count({ where: { publicId: "metrics" } })).toBe(0);
    const imported = await callApi("POST", "/bots/import", {
      token: team.member.token,
      body: { workspaceId: team.workspaceId, bot: { ...typebotV6, publicId: "metrics" } },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.bot.publicId).toMatch(/^lead-qualification-[a-z0-9]{6}$/);
  });

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
