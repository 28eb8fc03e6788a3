import { getPrisma } from "@parley/db";
import { logger } from "@parley/platform/logger";
import { createTestTeam, type TestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createCallerFactory } from "../trpc";
import { appRouter } from "./appRouter";

/** The builder's client reaches the same procedures over /api/trpc; their inputs must type-check there too. */
function callerOf(user: TestUser) {
  return createCallerFactory(appRouter)({
    prisma: getPrisma(),
    logger,
    requestId: "test-request",
    authenticate: async () => ({ id: user.user.id, email: user.email, name: user.user.name }),
  });
}

describe("tRPC callers", () => {
  it("call management procedures with the same inputs as REST and the same access rules", async () => {
    const team = await createTestTeam();
    const admin = callerOf(team.admin);
    const { bot } = await admin.bots.createBot({ workspaceId: team.workspaceId, bot: { name: "Via tRPC" } });
    expect((await admin.bots.getBot({ botId: bot.id })).bot.name).toBe("Via tRPC");
    expect(await admin.publishing.publishBot({ botId: bot.id })).toEqual({
      message: "success",
      warnings: [],
    });
    expect((await admin.publishing.listBotVersions({ botId: bot.id })).versions).toHaveLength(1);
    expect((await admin.publishing.getChatKey({ botId: bot.id })).chatKey?.key).toMatch(/^ck_/);
    expect((await admin.billing.getUsage({ workspaceId: team.workspaceId })).totalChatsUsed).toBe(0);
    expect((await admin.workspaces.getWorkspace({ workspaceId: team.workspaceId })).currentUserRole).toBe(
      "ADMIN",
    );
    expect(await admin.bots.isPublicIdAvailable({ publicId: bot.publicId ?? "", botId: bot.id })).toEqual({
      isAvailable: true,
    });
    await expect(callerOf(team.guest).bots.deleteBot({ botId: bot.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await admin.bots.deleteBot({ botId: bot.id })).toEqual({ message: "success" });
  });
});
