// Workspace, bots (published) and chat keys of the chat benchmark.
import { createId, type Database } from "@parley/db";
import { createLoopFlow } from "@parley/api/chat/testing/createLoopFlow";

export interface BenchBot {
  botId: string;
  publicId: string;
  chatKey: string;
}

export async function seedBenchBot(prisma: Database, workspaceId: string, groupCount: number): Promise<BenchBot> {
  const flow = createLoopFlow(groupCount);
  const botId = createId();
  const publishedBotId = createId();
  const publicId = `bench-${groupCount}-${botId.slice(0, 8)}`;
  const chatKey = `ck_bench${createId()}`;
  const document = {
    events: flow.events as object[],
    groups: flow.groups as object[],
    edges: flow.edges as object[],
    variables: flow.variables as object[],
    theme: flow.theme,
    settings: flow.settings,
  };
  await prisma.bot.create({ data: { id: botId, name: `Bench ${groupCount}`, workspaceId, publicId, ...document } });
  await prisma.publishedBot.create({
    data: { id: publishedBotId, botId, version: 1, name: `Bench ${groupCount}`, ...document },
  });
  await prisma.bot.update({ where: { id: botId }, data: { publishedBotId } });
  await prisma.chatKey.create({ data: { id: createId(), key: chatKey, botId } });
  return { botId, publicId, chatKey };
}

export async function seedBenchWorkspace(prisma: Database) {
  const workspaceId = createId();
  // No chats limit: the benchmark creates many results.
  await prisma.workspace.create({ data: { id: workspaceId, name: "Bench", plan: "ENTERPRISE" } });
  return workspaceId;
}
