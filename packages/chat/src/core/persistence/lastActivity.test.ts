import { getPrisma, observeStatements } from "@parley/db";
import { describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  readResponse,
} from "../../testing/chatFixtures";
import { createGreetingFlow } from "../../testing/testFlows";

const prisma = getPrisma();

async function readActivity(bot: { workspaceId: string; botId: string; publishedBotId: string }) {
  const [workspace, published] = await Promise.all([
    prisma.workspace.findUniqueOrThrow({ where: { id: bot.workspaceId } }),
    prisma.publishedBot.findUniqueOrThrow({ where: { id: bot.publishedBotId } }),
  ]);
  return {
    workspace: workspace.lastActivityAt?.getTime() ?? null,
    publishedBot: published.lastActivityAt?.getTime() ?? null,
  };
}

async function setActivity(bot: { workspaceId: string; botId: string; publishedBotId: string }, at: Date) {
  await prisma.workspace.update({ where: { id: bot.workspaceId }, data: { lastActivityAt: at } });
  await prisma.publishedBot.update({ where: { id: bot.publishedBotId }, data: { lastActivityAt: at } });
}

describe("lastActivityAt of the workspace and published bot on chat turns", () => {
  it("moves with the first turn, at most once a minute after, inside the turn's own statements", async () => {
    let clock = new Date();
    const { chat } = createTestChat({ now: () => clock });
    const bot = await createPublishedTestBot(createGreetingFlow());
    expect(await readActivity(bot)).toEqual({ workspace: null, publishedBot: null });
    const start = async () =>
      readResponse(
        await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
      );

    const statements: string[] = [];
    const stop = observeStatements((text) => statements.push(text));
    const first = await start();
    stop();
    expect(first.status).toBe(200);
    const touched = await readActivity(bot);
    expect(touched.workspace).not.toBeNull();
    expect(touched.publishedBot).toBe(touched.workspace);
    expect(Math.abs((touched.workspace ?? 0) - Date.now())).toBeLessThan(60_000);
    // No statement of its own: the session's insert carries it (statementCount.test.ts counts them all).
    const carrying = statements.filter((text) => text.includes('"lastActivityAt"'));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]).toContain('INSERT INTO "ChatSession"');

    // Within the minute this process writes nothing, even where the stored value is older.
    const older = new Date(Date.now() - 5 * 60_000);
    await setActivity(bot, older);
    const reply = await readResponse(
      await chat(
        chatRequest(`/sessions/${first.body.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: "Ada" },
        }),
      ),
    );
    expect(reply.status).toBe(200);
    expect(await readActivity(bot)).toEqual({
      workspace: older.getTime(),
      publishedBot: older.getTime(),
    });

    // A minute later the next turn moves both.
    clock = new Date(clock.getTime() + 61_000);
    await readResponse(
      await chat(
        chatRequest(`/sessions/${first.body.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: "ada@example.com" },
        }),
      ),
    );
    const moved = await readActivity(bot);
    expect(moved.workspace).toBeGreaterThan(older.getTime());
    expect(moved.publishedBot).toBe(moved.workspace);
  });

  it("leaves a value written less than a minute ago by another process", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const recent = new Date(Date.now() - 20_000);
    await setActivity(bot, recent);
    // A fresh runtime (another process): its own check says due, the write's condition does not.
    const { chat } = createTestChat();
    const started = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(started.status).toBe(200);
    expect(await readActivity(bot)).toEqual({
      workspace: recent.getTime(),
      publishedBot: recent.getTime(),
    });
  });
});
