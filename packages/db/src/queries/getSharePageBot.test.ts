import { applySettingsDefaults, applyThemeDefaults } from "@parley/schemas";
import { afterAll, describe, expect, it } from "vitest";
import { createId } from "../ids";
import { getPrisma } from "../prisma";
import { getSharePageBot } from "./getSharePageBot";

const prisma = getPrisma();
afterAll(() => prisma.$disconnect());

async function createBot({ isPublished = true, isArchived = false, isSuspended = false } = {}) {
  const workspace = await prisma.workspace.create({ data: { id: createId(), name: "Acme", isSuspended } });
  const botId = createId();
  const publicId = `bot-${botId.slice(0, 8)}`;
  await prisma.bot.create({
    data: { id: botId, name: "Draft name", workspaceId: workspace.id, publicId, isArchived },
  });
  if (isPublished) {
    const version = await prisma.publishedBot.create({
      data: {
        id: createId(),
        botId,
        version: 1,
        name: "Published name",
        events: [],
        groups: [],
        edges: [],
        variables: [],
        theme: { general: { background: { type: "Color", content: "#000000" } } },
        settings: { metadata: { title: "Hello" } },
      },
    });
    await prisma.bot.update({ where: { id: botId }, data: { publishedBotId: version.id } });
    await prisma.chatKey.create({ data: { id: createId(), key: `ck_${botId}`, botId } });
  }
  return { botId, publicId };
}

describe("getSharePageBot", () => {
  it("returns the published version and the chat key", async () => {
    const { botId, publicId } = await createBot();
    expect(await getSharePageBot(prisma, publicId)).toEqual({
      botId,
      publicId,
      name: "Published name",
      isClosed: false,
      riskLevel: null,
      isWorkspaceVerified: false,
      // As stored, with every default filled in (storedFlow.ts).
      theme: applyThemeDefaults({ general: { background: { type: "Color", content: "#000000" } } }),
      settings: applySettingsDefaults({ metadata: { title: "Hello" } }),
      chatKey: `ck_${botId}`,
    });
  });

  it("returns null for unknown, unpublished, archived and suspended bots", async () => {
    expect(await getSharePageBot(prisma, "no-such-bot")).toBeNull();
    expect(await getSharePageBot(prisma, "../etc")).toBeNull();
    expect(await getSharePageBot(prisma, (await createBot({ isPublished: false })).publicId)).toBeNull();
    expect(await getSharePageBot(prisma, (await createBot({ isArchived: true })).publicId)).toBeNull();
    expect(await getSharePageBot(prisma, (await createBot({ isSuspended: true })).publicId)).toBeNull();
  });
});
