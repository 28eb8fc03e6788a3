import type { Block, BlockType } from "../blocks";
import type { BotDocument } from "../bot";
import type { Edge } from "../edge";
import type { Group } from "../group";
import type { Variable } from "../variable";
import { createSampleBlock } from "./createSampleBlock";

/**
 * Relative frequency of each kind in a generated flow. The default mix only uses blocks the
 * engine runs without network, sandbox or client help, so a chat benchmark can walk it.
 */
export const runnableBlockMix: Partial<Record<BlockType, number>> = {
  text: 35,
  image: 5,
  "text input": 15,
  "number input": 5,
  "email input": 5,
  "choice input": 10,
  "Set variable": 10,
  Condition: 10,
  "AB test": 5,
};

export type GenerateFlowOptions = {
  groupCount: number;
  /** At least one per group; spread as evenly as possible. */
  blockCount: number;
  variableCount?: number;
  /** Same seed, same flow. */
  seed?: number;
  /** Kinds and weights to draw from (e.g. every kind equally for editor benchmarks). */
  blockMix?: Partial<Record<BlockType, number>>;
};

/**
 * A valid bot document (it passes `botDocumentSchema` and `checkBotIntegrity`) of
 * `groupCount` groups holding `blockCount` blocks of mixed kinds, laid out on a grid. The
 * start event leads to the first group, each group's last block to the next one, and items
 * (choices, conditions, A/B paths, card buttons) branch to a later group, so every group is
 * reachable and the flow has no cycle.
 */
export function generateFlow({
  groupCount,
  blockCount,
  variableCount = Math.min(100, Math.max(1, Math.ceil(blockCount / 30))),
  seed = 1,
  blockMix = runnableBlockMix,
}: GenerateFlowOptions): BotDocument {
  if (!Number.isInteger(groupCount) || groupCount < 1)
    throw new RangeError("groupCount must be a positive integer");
  if (!Number.isInteger(blockCount) || blockCount < groupCount)
    throw new RangeError("blockCount must be an integer of at least groupCount");
  const random = createRandom(seed);
  const pickKind = createKindPicker(blockMix, random);
  const variables: Variable[] = Array.from({ length: variableCount }, (_, index) => ({
    id: `var-${index + 1}`,
    name: `Variable ${index + 1}`,
  }));
  const edges: Edge[] = [];
  const addEdge = (from: Edge["from"], groupIndex: number) => {
    const id = `edge-${edges.length + 1}`;
    edges.push({ id, from, to: { groupId: getGroupId(groupIndex) } });
    return id;
  };
  const columns = Math.ceil(Math.sqrt(groupCount));
  let blockNumber = 0;
  const groups: Group[] = Array.from({ length: groupCount }, (_, groupIndex) => {
    const size = Math.floor(blockCount / groupCount) + (groupIndex < blockCount % groupCount ? 1 : 0);
    const pickLaterGroup = () => groupIndex + 1 + Math.floor(random() * (groupCount - groupIndex - 1));
    const blocks = Array.from({ length: size }, () => {
      blockNumber++;
      const variableId = variables[Math.floor(random() * variables.length)]!.id;
      const block: Block = createSampleBlock(pickKind(), { id: `block-${blockNumber}`, variableId });
      const hasLaterGroup = groupIndex < groupCount - 1;
      // Jumps and same-bot links only go forward too: a generated flow never loops.
      if (block.type === "Jump")
        block.options = hasLaterGroup ? { groupId: getGroupId(pickLaterGroup()) } : {};
      if (block.type === "Loop" && hasLaterGroup)
        block.options = { ...block.options, groupId: getGroupId(pickLaterGroup()) };
      if (block.type === "Bot link")
        block.options = hasLaterGroup ? { botId: "current", groupId: getGroupId(pickLaterGroup()) } : {};
      if (hasLaterGroup) connectFirstBranch(block, (from) => addEdge(from, pickLaterGroup()));
      return block;
    });
    if (groupIndex < groupCount - 1)
      blocks.at(-1)!.outgoingEdgeId = addEdge({ blockId: blocks.at(-1)!.id }, groupIndex + 1);
    return {
      id: getGroupId(groupIndex),
      title: `Group ${groupIndex + 1}`,
      graphCoordinates: { x: (groupIndex % columns) * 400, y: Math.floor(groupIndex / columns) * 350 },
      blocks,
    };
  });
  const startEdgeId = addEdge({ eventId: "start" }, 0);
  return {
    events: [
      { id: "start", type: "start", graphCoordinates: { x: -400, y: 0 }, outgoingEdgeId: startEdgeId },
    ],
    groups,
    edges,
    variables,
    theme: {},
    settings: {},
  };
}

const getGroupId = (groupIndex: number) => `group-${groupIndex + 1}`;

/** Gives the block's first item (or a card's first button) its own exit; other items fall through. */
function connectFirstBranch(block: Block, connect: (from: Edge["from"]) => string) {
  if (!("items" in block)) return;
  if (block.type === "cards") {
    const card = block.items[0];
    const path = card?.paths?.[0];
    if (card && path) path.outgoingEdgeId = connect({ blockId: block.id, itemId: card.id, pathId: path.id });
    return;
  }
  const item = block.items[0];
  if (item) item.outgoingEdgeId = connect({ blockId: block.id, itemId: item.id });
}

function createKindPicker(mix: Partial<Record<BlockType, number>>, random: () => number) {
  const entries = Object.entries(mix).filter(([, weight]) => weight !== undefined && weight > 0) as [
    BlockType,
    number,
  ][];
  if (entries.length === 0) throw new RangeError("blockMix needs at least one kind with a positive weight");
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  return (): BlockType => {
    let draw = random() * total;
    for (const [kind, weight] of entries) {
      draw -= weight;
      if (draw < 0) return kind;
    }
    return entries.at(-1)![0];
  };
}

/** mulberry32: a small deterministic generator, so a seed always yields the same flow. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
