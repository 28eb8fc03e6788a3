// The per-workspace Typebot compatibility (docs/typebot-compat.md): on by default once a Typebot export was
// imported, an ADMIN's choice wins either way, shown in the workspace record's settings.
import { readFileSync } from "node:fs";
import path from "node:path";
import { getPrisma } from "@parley/db";
import { createTestTeam, createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";
import { sampleFlow } from "../../testing/sampleFlow";

const typebotExport = JSON.parse(
  readFileSync(
    path.join(import.meta.dirname, "../bots/fixtures/typebot-exports/typebot-v6-event.json"),
    "utf8",
  ),
) as Record<string, unknown>;

const readSetting = async (workspaceId: string, token: string) => {
  const { status, body } = await callApi("GET", `/workspaces/${workspaceId}`, { token });
  expect(status).toBe(200);
  return body.workspace.settings.typebotCompatibility as boolean;
};

describe("settings.typebotCompatibility", () => {
  it("is off in a new workspace, on after a Typebot export is imported, and off again when an ADMIN says so", async () => {
    const owner = await createTestUser();
    expect(await readSetting(owner.workspaceId, owner.token)).toBe(false);

    // This product's own export does not turn it on.
    const own = await callApi("POST", "/bots/import", {
      token: owner.token,
      body: { workspaceId: owner.workspaceId, bot: { ...sampleFlow, version: "6.1", name: "Own export" } },
    });
    expect(own.status).toBe(200);
    expect(await readSetting(owner.workspaceId, owner.token)).toBe(false);

    const imported = await callApi("POST", "/bots/import", {
      token: owner.token,
      body: { workspaceId: owner.workspaceId, bot: { typebot: typebotExport } },
    });
    expect(imported.status).toBe(200);
    expect(await readSetting(owner.workspaceId, owner.token)).toBe(true);
    const recorded = await getPrisma().workspace.findUniqueOrThrow({ where: { id: owner.workspaceId } });
    expect(recorded.typebotImportedAt).toBeInstanceOf(Date);
    expect(recorded.typebotCompatibility).toBeNull();

    const off = await callApi("PATCH", `/workspaces/${owner.workspaceId}`, {
      token: owner.token,
      body: { settings: { typebotCompatibility: false } },
    });
    expect(off.status).toBe(200);
    expect(await readSetting(owner.workspaceId, owner.token)).toBe(false);
    // A later Typebot import keeps the ADMIN's choice.
    await callApi("POST", "/bots/import", {
      token: owner.token,
      body: { workspaceId: owner.workspaceId, bot: { typebot: typebotExport } },
    });
    expect(await readSetting(owner.workspaceId, owner.token)).toBe(false);
  });

  it("is changed by an ADMIN only, with a boolean", async () => {
    const team = await createTestTeam();
    const member = await callApi("PATCH", `/workspaces/${team.workspaceId}`, {
      token: team.member.token,
      body: { settings: { typebotCompatibility: true } },
    });
    expect(member.status).toBe(403);
    const wrong = await callApi("PATCH", `/workspaces/${team.workspaceId}`, {
      token: team.admin.token,
      body: { settings: { typebotCompatibility: "yes" } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0].path).toEqual(["settings", "typebotCompatibility"]);
    expect(await readSetting(team.workspaceId, team.admin.token)).toBe(false);
  });
});
