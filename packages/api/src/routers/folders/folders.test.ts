import { getPrisma } from "@parley/db";
import { createTestBot, createTestTeam, teamRoles } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";

const folderKeys = ["createdAt", "id", "name", "parentFolderId", "updatedAt", "workspaceId"];

async function createFolder(token: string, workspaceId: string, folder: Record<string, unknown>) {
  const { status, body } = await callApi("POST", "/folders", { token, body: { workspaceId, folder } });
  expect(status).toBe(200);
  return body.folder as { id: string; parentFolderId: string | null; name: string };
}

describe("folders", () => {
  it("creates, reads, lists, renames and moves folders", async () => {
    const team = await createTestTeam();
    const parent = await createFolder(team.member.token, team.workspaceId, { name: "Sales" });
    const child = await createFolder(team.member.token, team.workspaceId, {
      name: "Leads",
      parentFolderId: parent.id,
    });
    expect(child.parentFolderId).toBe(parent.id);

    const got = await callApi("GET", `/folders/${child.id}`, { token: team.guest.token });
    expect(got.status).toBe(200);
    expect(Object.keys(got.body.folder).sort()).toEqual(folderKeys);
    expect(got.body.folder).toMatchObject({ name: "Leads", workspaceId: team.workspaceId });

    const all = await callApi("GET", `/folders?workspaceId=${team.workspaceId}`, { token: team.guest.token });
    expect(all.body.folders.map((folder: { name: string }) => folder.name)).toEqual(["Leads", "Sales"]);
    const top = await callApi("GET", `/folders?workspaceId=${team.workspaceId}&parentFolderId=root`, {
      token: team.guest.token,
    });
    expect(top.body.folders.map((folder: { id: string }) => folder.id)).toEqual([parent.id]);
    const inside = await callApi(
      "GET",
      `/folders?workspaceId=${team.workspaceId}&parentFolderId=${parent.id}`,
      {
        token: team.guest.token,
      },
    );
    expect(inside.body.folders.map((folder: { id: string }) => folder.id)).toEqual([child.id]);

    const patched = await callApi("PATCH", `/folders/${child.id}`, {
      token: team.member.token,
      body: { workspaceId: team.workspaceId, folder: { name: "Hot leads", parentFolderId: null } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.folder).toMatchObject({ name: "Hot leads", parentFolderId: null });
    expect(Date.parse(patched.body.folder.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(got.body.folder.updatedAt),
    );
  });

  it("refuses a parent of another workspace and cycles, leaving the folder as it was", async () => {
    const team = await createTestTeam();
    const other = await createTestTeam();
    const foreign = await createFolder(other.admin.token, other.workspaceId, { name: "Foreign" });
    const parent = await createFolder(team.admin.token, team.workspaceId, { name: "Parent" });
    const child = await createFolder(team.admin.token, team.workspaceId, {
      name: "Child",
      parentFolderId: parent.id,
    });

    const intoForeign = await callApi("POST", "/folders", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, folder: { name: "x", parentFolderId: foreign.id } },
    });
    expect(intoForeign.status).toBe(400);
    expect(intoForeign.body.issues[0]).toMatchObject({
      code: "FOLDER_NOT_FOUND",
      path: ["folder", "parentFolderId"],
    });

    for (const parentFolderId of [parent.id, child.id]) {
      const cycle = await callApi("PATCH", `/folders/${parent.id}`, {
        token: team.admin.token,
        body: { workspaceId: team.workspaceId, folder: { parentFolderId } },
      });
      expect(cycle.status).toBe(400);
      expect(cycle.body.issues[0].code).toBe("FOLDER_CYCLE");
    }
    const mismatch = await callApi("PATCH", `/folders/${parent.id}`, {
      token: team.admin.token,
      body: { workspaceId: other.workspaceId, folder: { name: "x" } },
    });
    expect(mismatch.status).toBe(400);
    const stored = await getPrisma().folder.findUnique({ where: { id: parent.id } });
    expect(stored).toMatchObject({ name: "Parent", parentFolderId: null });
  });

  it("answers NOT_FOUND, FORBIDDEN, UNAUTHORIZED and BAD_REQUEST on GET and PATCH", async () => {
    const team = await createTestTeam();
    const folder = await createFolder(team.admin.token, team.workspaceId, { name: "F" });
    expect((await callApi("GET", "/folders/missing123", { token: team.admin.token })).body).toEqual({
      code: "NOT_FOUND",
      message: "Not found",
      issues: [],
    });
    expect((await callApi("GET", `/folders/${folder.id}`, { token: team.outsider.token })).status).toBe(403);
    expect((await callApi("GET", `/folders/${folder.id}`)).status).toBe(401);
    expect((await callApi("GET", "/folders/bad%20id", { token: team.admin.token })).status).toBe(400);
    const patchMissing = await callApi("PATCH", "/folders/missing123", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, folder: { name: "x" } },
    });
    expect(patchMissing.status).toBe(404);
    const patchInvalid = await callApi("PATCH", `/folders/${folder.id}`, {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, folder: { name: 42 } },
    });
    expect(patchInvalid.status).toBe(400);
    expect(patchInvalid.body.issues).toEqual([expect.objectContaining({ path: ["folder", "name"] })]);
  });

  it("lets MEMBER and ADMIN write, GUEST and outsiders only read or nothing", async () => {
    const team = await createTestTeam();
    const folder = await createFolder(team.admin.token, team.workspaceId, { name: "Start" });
    const results: Record<string, number[]> = {};
    for (const role of teamRoles) {
      const token = team[role].token;
      const create = await callApi("POST", "/folders", {
        token,
        body: { workspaceId: team.workspaceId, folder: { name: role } },
      });
      const patch = await callApi("PATCH", `/folders/${folder.id}`, {
        token,
        body: { workspaceId: team.workspaceId, folder: { name: role } },
      });
      const scratch = await createFolder(team.admin.token, team.workspaceId, { name: "scratch" });
      const remove = await callApi("DELETE", `/folders/${scratch.id}`, { token });
      const read = await callApi("GET", `/folders/${folder.id}`, { token });
      results[role] = [create.status, patch.status, remove.status, read.status];
    }
    expect(results).toEqual({
      admin: [200, 200, 200, 200],
      member: [200, 200, 200, 200],
      guest: [403, 403, 403, 200],
      outsider: [403, 403, 403, 403],
    });
    const stored = await getPrisma().folder.findMany({ where: { workspaceId: team.workspaceId } });
    expect(stored.map((f) => f.name).sort()).toEqual(
      ["admin", "member", "member", "scratch", "scratch"].sort(),
    );
  });

  it("moves the bots and subfolders of a deleted folder to its parent", async () => {
    const team = await createTestTeam();
    const parent = await createFolder(team.admin.token, team.workspaceId, { name: "Parent" });
    const doomed = await createFolder(team.admin.token, team.workspaceId, {
      name: "Doomed",
      parentFolderId: parent.id,
    });
    const nested = await createFolder(team.admin.token, team.workspaceId, {
      name: "Nested",
      parentFolderId: doomed.id,
    });
    const bot = await createTestBot(team.workspaceId, { folderId: doomed.id });
    const response = await callApi("DELETE", `/folders/${doomed.id}`, { token: team.member.token });
    expect(response).toEqual({ status: 200, body: { message: "success" } });
    const prisma = getPrisma();
    expect(await prisma.folder.findUnique({ where: { id: doomed.id } })).toBeNull();
    expect((await prisma.folder.findUnique({ where: { id: nested.id } }))?.parentFolderId).toBe(parent.id);
    expect((await prisma.bot.findUnique({ where: { id: bot.id } }))?.folderId).toBe(parent.id);
    expect((await callApi("DELETE", `/folders/${doomed.id}`, { token: team.member.token })).status).toBe(404);
  });
});
