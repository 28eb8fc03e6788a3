import type { Database } from "@parley/db";
import { storedFlowSelect, toDraftFlowSnapshot } from "@parley/db/storedFlow";
import {
  type BotReplayRow,
  type ReplayVerdictStatus,
  replayVerdicts,
  type StoredReplayConversation,
} from "../../replays/botReplays";
import type { BotReplayView } from "./replaySchemas";

/** A stored replay as the API shows it: the summary and the groups computed from its conversations. */
export async function toBotReplay(prisma: Database, row: BotReplayRow): Promise<BotReplayView> {
  const conversations = (Array.isArray(row.conversations)
    ? row.conversations
    : []) as unknown as StoredReplayConversation[];
  const summary = Object.fromEntries(replayVerdicts.map((verdict) => [verdict, 0])) as Record<
    ReplayVerdictStatus,
    number
  >;
  const groups = new Map<string, BotReplayView["groups"][number]>();
  for (const conversation of conversations) {
    summary[conversation.status] += 1;
    if (conversation.status === "samePath") continue;
    const key = `${conversation.status}\u0000${conversation.blockId ?? ""}`;
    const group = groups.get(key) ?? {
      status: conversation.status,
      blockId: conversation.blockId,
      groupTitle: null,
      blockType: null,
      count: 0,
      resultIds: [],
    };
    group.count += 1;
    group.resultIds.push(conversation.resultId);
    groups.set(key, group);
  }
  if (groups.size > 0) await nameBlocks(prisma, row.botId, row.workspaceId, [...groups.values()]);
  return {
    id: row.id,
    botId: row.botId,
    status: row.status as BotReplayView["status"],
    limit: row.limit,
    total: row.total,
    processed: row.processed,
    stoppedEarly: row.stoppedEarly,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    draftUpdatedAt: row.draftUpdatedAt?.toISOString() ?? null,
    summary,
    groups: [...groups.values()].sort((a, b) => b.count - a.count),
    conversations,
  };
}

/** The draft's group title and block type of each group's block (null when the draft has it no more). */
async function nameBlocks(
  prisma: Database,
  botId: string,
  workspaceId: string,
  groups: BotReplayView["groups"],
) {
  const bot = await prisma.bot.findUnique({
    where: { id: botId },
    select: { ...storedFlowSelect, version: true, updatedAt: true },
  });
  if (!bot) return;
  const flow = toDraftFlowSnapshot(botId, workspaceId, bot);
  const where = new Map<string, { groupTitle: string; blockType: string }>();
  for (const group of flow.groups)
    for (const block of group.blocks) where.set(block.id, { groupTitle: group.title, blockType: block.type });
  for (const group of groups) {
    const found = group.blockId ? where.get(group.blockId) : undefined;
    group.groupTitle = found?.groupTitle ?? null;
    group.blockType = found?.blockType ?? null;
  }
}
