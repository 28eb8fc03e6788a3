import { getAiBlockDefinition, isInputBlock } from "../blocks";
import { aiAgentBlock } from "../blocks/integrations/aiAgent";
import { botLinkBlock, currentBotId } from "../blocks/logic/botLink";
import { jumpBlock } from "../blocks/logic/jump";
import { loopBlock } from "../blocks/logic/loop";
import { waitBlock } from "../blocks/logic/wait";
import { webhookBlock } from "../blocks/logic/webhook";
import type { BotDocument } from "../bot";

/** How one group leads to another: an edge, a Jump, a link to a group of the same bot, or a Loop. */
export interface GroupLink {
  from: { groupId: string; blockId?: string };
  toGroupId: string;
  /** A Loop's group comes back to the Loop a bounded number of times: never an endless cycle. */
  isBounded: boolean;
}

const isTemplate = (value: string) => value.includes("{{");

/** The group each block, item and card path belongs to, then every link between groups. */
export function listGroupLinks(document: BotDocument): GroupLink[] {
  const groupOfBlock = new Map<string, string>();
  for (const group of document.groups) for (const block of group.blocks) groupOfBlock.set(block.id, group.id);
  const links: GroupLink[] = [];
  for (const edge of document.edges) {
    if ("eventId" in edge.from) continue;
    const groupId = groupOfBlock.get(edge.from.blockId);
    if (groupId)
      links.push({
        from: { groupId, blockId: edge.from.blockId },
        toGroupId: edge.to.groupId,
        isBounded: false,
      });
  }
  for (const group of document.groups) {
    for (const block of group.blocks) {
      const target = getBlockTargetGroup(block);
      if (target) links.push({ from: { groupId: group.id, blockId: block.id }, ...target });
    }
  }
  return links;
}

/** The group a Jump, a same-bot link or a Loop names (by id; `{{variable}}` targets resolve at runtime). */
export function getBlockTargetGroup(
  block: BotDocument["groups"][number]["blocks"][number],
): { toGroupId: string; isBounded: boolean } | undefined {
  const isSameBotTarget =
    block.type === jumpBlock.type ||
    block.type === loopBlock.type ||
    (block.type === botLinkBlock.type && block.options?.botId === currentBotId);
  if (!isSameBotTarget || !block.options) return undefined;
  const groupId = "groupId" in block.options ? block.options.groupId : undefined;
  if (!groupId || isTemplate(groupId)) return undefined;
  return { toGroupId: groupId, isBounded: block.type === loopBlock.type };
}

/** The groups the start event and the other events (commands, replies) lead to. */
export function listEntryGroupIds(document: BotDocument): string[] {
  return document.edges.flatMap((edge) => ("eventId" in edge.from ? [edge.to.groupId] : []));
}

/** A block the walk stops at until someone or something answers: an input, an AI agent, a Wait or a Webhook. */
export function isWaitingBlock(block: { type: string }): boolean {
  return (
    isInputBlock(block) ||
    block.type === aiAgentBlock.type ||
    block.type === waitBlock.type ||
    block.type === webhookBlock.type
  );
}

/** Whether a block can send the walk one way or another (a condition, items, paths, an AI block's branches). */
export function isBranchingBlock(block: { type: string }): boolean {
  return "items" in block || getAiBlockDefinition(block.type) !== undefined;
}
