import { rm } from "node:fs/promises";
import { getUploadSettings } from "@parley/chat/core/files/getUploadSettings";
import { createPublishedTestBot } from "@parley/chat/testing/chatFixtures";
import { createGreetingFlow } from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { addWorkspaceMember } from "@parley/platform/accounts/addWorkspaceMember";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { createTestTeam, createTestUser } from "@parley/platform/testing/fixtures";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createBuilderClient } from "../testing/builderClient";
import { findRowsNaming } from "../testing/findRowsNaming";
import { callApi } from "../testing/fixtures";

// The API process's local upload storage (DATA_DIR/uploads) in a scratch directory of this file.
const dataDir = await vi.hoisted(async () => {
  const { mkdtemp } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  process.env.DATA_DIR = await mkdtemp(path.join(tmpdir(), "parley-delete-account-"));
  return process.env.DATA_DIR;
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const prisma = getPrisma();

async function signedIn(userId: string) {
  const { token } = await createUserSession(prisma, userId);
  return createBuilderClient({ sessionToken: token });
}

describe("deleting an account", () => {
  it("is refused, naming the workspace, while the user is its only ADMIN and it has other members", async () => {
    const team = await createTestTeam();
    const browser = await signedIn(team.admin.user.id);
    const refused = await browser.mutate("account.deleteAccount", { password: team.admin.password });
    expect(refused.status).toBe(400);
    const name = (await prisma.workspace.findUniqueOrThrow({ where: { id: team.workspaceId } })).name;
    expect(refused.error.issues).toEqual([
      {
        message: `You are the only admin of “${name}”, which has other members. Make one of them an admin, or delete the workspace, before deleting your account.`,
        code: "SOLE_ADMIN",
        path: ["workspaces"],
      },
    ]);
    expect(await prisma.user.count({ where: { id: team.admin.user.id } })).toBe(1);
    expect(await prisma.workspace.count({ where: { id: team.workspaceId } })).toBe(1);
    // Another ADMIN lifts the block.
    await addWorkspaceMember(prisma, {
      workspaceId: team.workspaceId,
      email: team.member.email,
      role: "ADMIN",
    });
    expect((await browser.mutate("account.deleteAccount", { password: team.admin.password })).status).toBe(
      200,
    );
    expect(await prisma.workspace.count({ where: { id: team.workspaceId } })).toBe(1);
    expect(await prisma.memberInWorkspace.count({ where: { workspaceId: team.workspaceId } })).toBe(2);
  });

  it("needs the password, and a sign-in", async () => {
    const user = await createTestUser();
    const wrong = await (await signedIn(user.user.id)).mutate("account.deleteAccount", {
      password: "not mine",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error.issues).toEqual([
      { message: "The password is wrong", path: ["password"], code: "INVALID_CREDENTIALS" },
    ]);
    expect(
      (await createBuilderClient().mutate("account.deleteAccount", { password: user.password })).status,
    ).toBe(401);
    expect(await prisma.user.count({ where: { id: user.user.id } })).toBe(1);
  });

  it("deletes the user, their sign-ins and tokens, and the workspaces only they were in, with their files", async () => {
    const user = await createTestUser();
    const solo = await createPublishedTestBot(createGreetingFlow(), { workspaceId: user.workspaceId });
    // createPublishedTestBot adds an ADMIN of its own: make the workspace the user's alone again.
    await prisma.user.delete({ where: { id: solo.owner.user.id } });
    const shared = await createTestTeam();
    await addWorkspaceMember(prisma, { workspaceId: shared.workspaceId, email: user.email, role: "MEMBER" });
    const coAdmin = await createTestUser();
    await addWorkspaceMember(prisma, { workspaceId: coAdmin.workspaceId, email: user.email, role: "ADMIN" });
    const keptBot = await createPublishedTestBot(createGreetingFlow(), { workspaceId: coAdmin.workspaceId });
    await prisma.publishedBot.update({
      where: { id: keptBot.publishedBotId },
      data: { authorId: user.user.id },
    });
    await createBuilderClient().mutate("auth.signIn", { email: user.email, password: "a failed sign-in" });
    const { storage } = getUploadSettings();
    const fileKey = `public/${user.workspaceId}/${solo.botId}/r/f/photo.png`;
    await storage.saveFile(fileKey, new Uint8Array([1, 2, 3]), "image/png");
    const browser = await signedIn(user.user.id);
    const otherSignIn = await signedIn(user.user.id);
    const tokens = await prisma.apiToken.findMany({
      where: { ownerId: user.user.id },
      select: { tokenHash: true },
    });
    const sessions = await prisma.userSession.findMany({
      where: { userId: user.user.id },
      select: { tokenHash: true },
    });

    const deleted = await browser.mutate("account.deleteAccount", { password: user.password });
    expect(deleted).toMatchObject({ status: 200, data: { deletedWorkspaces: [user.workspaceId] } });
    expect(deleted.headers.get("set-cookie")).toMatch(/parley_session=;/);

    const ids = [user.user.id, user.workspaceId, solo.botId, solo.chatKey, solo.publishedBotId];
    ids.push(...tokens.map((token) => token.tokenHash), ...sessions.map((session) => session.tokenHash));
    expect(await findRowsNaming(prisma, ids, [["accounts.sign-in-per-account", user.email]])).toEqual([]);
    expect(await storage.readFile(fileKey)).toBeNull();
    expect((await otherSignIn.query("auth.getCurrentUser", undefined)).status).toBe(401);
    expect((await callApi("GET", "/workspaces", { token: user.token })).status).toBe(403);
    // The workspaces shared with others stay, without the user.
    for (const workspaceId of [shared.workspaceId, coAdmin.workspaceId]) {
      expect(await prisma.workspace.count({ where: { id: workspaceId } })).toBe(1);
    }
    expect(await prisma.memberInWorkspace.count({ where: { workspaceId: shared.workspaceId } })).toBe(3);
    expect(await prisma.memberInWorkspace.count({ where: { workspaceId: coAdmin.workspaceId } })).toBe(2);
    // What they published elsewhere stays, without an author.
    const kept = await prisma.publishedBot.findUniqueOrThrow({ where: { id: keptBot.publishedBotId } });
    expect(kept.authorId).toBeNull();
    // The address can sign up again.
    const again = await createBuilderClient().mutate("auth.signUp", {
      email: user.email,
      password: "a new start",
    });
    expect(again.status).toBe(200);
  });
});
