// A workspace and a published bot with its chat key, written with any Prisma client (the
// benchmark's database, a reliability test's own PostgreSQL).
import { createId, type Database } from "@parley/db";
import type { TestFlow } from "./testFlow";

export interface SeededBot {
  botId: string;
  publicId: string;
  chatKey: string;
  workspaceId: string;
}

export async function seedWorkspace(prisma: Database) {
  const workspaceId = createId();
  // No chats limit: benchmarks and reliability runs create many results.
  await prisma.workspace.create({ data: { id: workspaceId, name: "Seeded", plan: "ENTERPRISE" } });
  return workspaceId;
}

export async function seedPublishedBot(
  prisma: Database,
  workspaceId: string,
  flow: TestFlow,
  options: { isClosed?: boolean; publicId?: string } = {},
): Promise<SeededBot & { publishedBotId: string }> {
  const botId = createId();
  const publishedBotId = createId();
  const publicId = options.publicId ?? `seeded-${botId.slice(0, 12)}`;
  const chatKey = `ck_seed${createId()}`;
  const document = toBotDocument(flow);
  await prisma.bot.create({
    data: {
      id: botId,
      name: "Seeded bot",
      workspaceId,
      publicId,
      isClosed: options.isClosed ?? false,
      ...document,
    },
  });
  await prisma.publishedBot.create({
    data: { id: publishedBotId, botId, version: 1, name: "Seeded bot", ...document },
  });
  await prisma.bot.update({ where: { id: botId }, data: { publishedBotId } });
  await prisma.chatKey.create({ data: { id: createId(), key: chatKey, botId } });
  return { botId, publishedBotId, publicId, chatKey, workspaceId };
}

/** The JSON columns of a bot (or published version) holding `flow`. */
export function toBotDocument(flow: TestFlow) {
  return {
    events: flow.events as object[],
    groups: flow.groups as object[],
    edges: flow.edges as object[],
    variables: flow.variables as object[],
    theme: (flow.theme ?? {}) as object,
    settings: (flow.settings ?? {}) as object,
  };
}
