// Access to the audit log (issue 26, item 5; decisions.md, "Authentication and access"): only the workspace's
// ADMINs read it; another workspace's ADMIN, a token restricted to another workspace and a token without
// `workspaces:admin` are FORBIDDEN; no entry of one workspace is listed in another.
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../testing/fixtures";

const forbidden = { status: 403, body: { code: "FORBIDDEN", message: "Insufficient access", issues: [] } };

describe("audit log access", () => {
  it("refuses everyone but the workspace's ADMINs, and lists no other workspace's entries", async () => {
    const [own, other] = await Promise.all([createTestTeam(), createTestTeam()]);
    const created = await callApi("POST", "/bots", {
      token: own.member.token,
      body: { workspaceId: own.workspaceId, bot: { name: "Secret project" } },
    });
    expect(created.status).toBe(200);
    const path = `/workspaces/${own.workspaceId}/auditLog`;
    for (const token of [own.member.token, own.guest.token, other.admin.token]) {
      const { status, body } = await callApi("GET", path, { token });
      expect({ status, body }).toEqual(forbidden);
    }
    // The other workspace's log, read by its own ADMIN, never shows this one's entries.
    const theirs = await callApi("GET", `/workspaces/${other.workspaceId}/auditLog`, {
      token: other.admin.token,
    });
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain(created.body.bot.id);
    // The ADMIN's own API tokens: restricted to another workspace, or without the scope, are refused.
    const restricted = await callApi("POST", "/users/me/api-tokens", {
      token: own.admin.token,
      body: { name: "elsewhere", workspaceId: (await createTeamOf(own.admin.token)).workspaceId },
    });
    expect(restricted.status).toBe(200);
    expect((await callApi("GET", path, { token: restricted.body.apiToken.token })).status).toBe(403);
    const unscoped = await callApi("POST", "/users/me/api-tokens", {
      token: own.admin.token,
      body: { name: "reader", scopes: ["bots:read", "workspaces:read"] },
    });
    const refused = await callApi("GET", path, { token: unscoped.body.apiToken.token });
    expect(refused.status).toBe(403);
    expect(refused.body.issues[0]).toMatchObject({ code: "MISSING_SCOPE" });
    expect(refused.body.issues[0].message).toContain("workspaces:admin");
    const scoped = await callApi("POST", "/users/me/api-tokens", {
      token: own.admin.token,
      body: { name: "auditor", scopes: ["workspaces:admin"], workspaceId: own.workspaceId },
    });
    const listed = await callApi("GET", path, { token: scoped.body.apiToken.token });
    expect(listed.status).toBe(200);
    expect(listed.body.entries.map((entry: { action: string }) => entry.action)).toContain("bot.created");
  });
});

/** A second workspace of the user behind `token` (they are its ADMIN). */
async function createTeamOf(token: string): Promise<{ workspaceId: string }> {
  const created = await callApi("POST", "/workspaces", { token, body: { name: "Elsewhere" } });
  expect(created.status).toBe(200);
  return { workspaceId: created.body.workspace.id };
}
