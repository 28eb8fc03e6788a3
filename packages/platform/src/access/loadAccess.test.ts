import { getPrisma } from "@parley/db";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { createTestBot, createTestTeam, teamRoles } from "../testing/fixtures";
import { loadBotAccess, loadBotWithAccess, loadWorkspaceAccess, orNullWhenRefused } from "./loadAccess";

const codeOf = (load: Promise<unknown>) =>
  load.then(
    () => "granted",
    (error: unknown) => (error instanceof AppError ? error.appCode : error),
  );

describe("the access rule", () => {
  it("grants each role its level and refuses the rest; outsiders and missing records are refused", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId);
    const prisma = getPrisma();
    const expected = {
      admin: { read: "granted", write: "granted", admin: "granted" },
      member: { read: "granted", write: "granted", admin: "FORBIDDEN" },
      guest: { read: "granted", write: "FORBIDDEN", admin: "FORBIDDEN" },
      outsider: { read: "FORBIDDEN", write: "FORBIDDEN", admin: "FORBIDDEN" },
    };
    for (const role of teamRoles) {
      const userId = team[role].user.id;
      for (const access of ["read", "write", "admin"] as const) {
        expect([role, access, await codeOf(loadBotWithAccess(prisma, userId, bot.id, access))]).toEqual([
          role,
          access,
          expected[role][access],
        ]);
        expect(await codeOf(loadWorkspaceAccess(prisma, userId, team.workspaceId, access))).toBe(
          expected[role][access],
        );
      }
    }
    const granted = await loadBotWithAccess(prisma, team.guest.user.id, bot.id, "read");
    expect(granted.access).toEqual({
      workspaceId: team.workspaceId,
      role: "GUEST",
      memberRole: "GUEST",
      isSharedOnly: false,
      requiredSsoProvider: null,
    });
    expect(granted.bot).toMatchObject({ id: bot.id, name: "Test bot", workspaceId: team.workspaceId });

    expect(await codeOf(loadBotWithAccess(prisma, team.admin.user.id, "missing-bot", "read"))).toBe(
      "NOT_FOUND",
    );
    expect(await codeOf(loadWorkspaceAccess(prisma, team.admin.user.id, "missing-ws", "read"))).toBe(
      "NOT_FOUND",
    );
    await prisma.bot.update({ where: { id: bot.id }, data: { isArchived: true } });
    expect(await codeOf(loadBotWithAccess(prisma, team.admin.user.id, bot.id, "read"))).toBe("NOT_FOUND");
  });

  it("lets a bot's collaborators reach that bot alone: VIEWER reads, EDITOR writes, never through viaShare: false", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId);
    const other = await createTestBot(team.workspaceId);
    const prisma = getPrisma();
    await prisma.botCollaborator.createMany({
      data: [
        { botId: bot.id, userId: team.outsider.user.id, role: "EDITOR" },
        { botId: bot.id, userId: team.guest.user.id, role: "EDITOR" },
      ],
    });
    const outcomes = async (userId: string, botId: string, options = {}) =>
      Object.fromEntries(
        await Promise.all(
          (["read", "write", "admin"] as const).map(async (access) => [
            access,
            await codeOf(loadBotAccess(prisma, userId, botId, access, options)),
          ]),
        ),
      );
    expect(await outcomes(team.outsider.user.id, bot.id)).toEqual({
      read: "granted",
      write: "granted",
      admin: "FORBIDDEN",
    });
    expect(await outcomes(team.outsider.user.id, other.id)).toEqual({
      read: "FORBIDDEN",
      write: "FORBIDDEN",
      admin: "FORBIDDEN",
    });
    expect(await outcomes(team.outsider.user.id, bot.id, { viaShare: false })).toEqual({
      read: "FORBIDDEN",
      write: "FORBIDDEN",
      admin: "FORBIDDEN",
    });
    // A GUEST made the bot's EDITOR writes it; without the share they read as a GUEST does.
    expect(await loadBotAccess(prisma, team.guest.user.id, bot.id, "write")).toEqual({
      workspaceId: team.workspaceId,
      role: "EDITOR",
      memberRole: "GUEST",
      isSharedOnly: false,
      requiredSsoProvider: null,
    });
    expect(await outcomes(team.guest.user.id, bot.id, { viaShare: false })).toEqual({
      read: "granted",
      write: "FORBIDDEN",
      admin: "FORBIDDEN",
    });
    await prisma.botCollaborator.update({
      where: { botId_userId: { botId: bot.id, userId: team.outsider.user.id } },
      data: { role: "VIEWER" },
    });
    expect(await loadBotAccess(prisma, team.outsider.user.id, bot.id, "read")).toEqual({
      workspaceId: team.workspaceId,
      role: "VIEWER",
      memberRole: null,
      isSharedOnly: true,
      requiredSsoProvider: null,
    });
    expect(await codeOf(loadBotAccess(prisma, team.outsider.user.id, bot.id, "write"))).toBe("FORBIDDEN");
  });

  it("orNullWhenRefused: null for a missing record or a refused caller, other errors go through", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId);
    const prisma = getPrisma();
    expect(
      await orNullWhenRefused(loadBotWithAccess(prisma, team.outsider.user.id, bot.id, "read")),
    ).toBeNull();
    expect(
      await orNullWhenRefused(loadBotWithAccess(prisma, team.member.user.id, "missing", "read")),
    ).toBeNull();
    expect(
      await orNullWhenRefused(loadWorkspaceAccess(prisma, team.guest.user.id, team.workspaceId, "read")),
    ).toEqual({ workspaceId: team.workspaceId, role: "GUEST", requiredSsoProvider: null });
    const failure = new Error("database down");
    await expect(orNullWhenRefused(Promise.reject(failure))).rejects.toBe(failure);
    await expect(orNullWhenRefused(Promise.reject(new AppError("BAD_REQUEST")))).rejects.toBeInstanceOf(
      AppError,
    );
  });
});
