import { currentBotId } from "@parley/schemas";
import type { TranscriptEntry, TranscriptInput } from "./computeTranscript";
import { describeBubble, isBubbleBlock, substituteVariables } from "./describeBubble";
import type { FlowBlock, FlowDocument, FlowEdge, FlowGroup } from "./flowDocument";
import { isInputBlock } from "./flowDocument";

/** Like the engine's per-turn limit: this many blocks without an answer is a loop, the walk stops. */
const MAX_BLOCKS_BETWEEN_ANSWERS = 5_000;

interface Position {
  group: FlowGroup;
  index: number;
}

/**
 * Replays a conversation over the flow it ran on: from the start event, bubbles are shown, each
 * input takes the next stored answer, and where the engine branched (choice items, condition paths,
 * A/B paths) the next recorded visited edge leaving that block is followed, else the default path.
 * Jumps, `Return`s and links to groups of the same bot are followed as the engine does. The walk
 * stops at the end of the flow, at an input with no answer (where the conversation stands) or when
 * the flow no longer matches the stored answers; `answered` tells how many answers it placed.
 */
export function walkTranscript(
  flow: FlowDocument,
  input: TranscriptInput,
): { entries: TranscriptEntry[]; answered: number } {
  const groupsById = new Map(flow.groups.map((group) => [group.id, group]));
  const edgesById = new Map(flow.edges.map((edge) => [edge.id, edge]));
  const entries: TranscriptEntry[] = [];
  const resumePoints: Position[] = [];
  let returnMark: Position | null = null;
  let answered = 0;
  let visitedEdgeCursor = 0;

  const endPath = (): Position | null => resumePoints.pop() ?? null;
  const followEdge = (edgeId: string | undefined): Position | null => {
    const edge = edgeId ? edgesById.get(edgeId) : undefined;
    const group = edge ? groupsById.get(edge.to.groupId) : undefined;
    if (!edge || !group) return endPath();
    const target = edge.to.blockId ? group.blocks.findIndex((block) => block.id === edge.to.blockId) : 0;
    return { group, index: Math.max(target, 0) };
  };
  const takeRecordedEdge = (block: FlowBlock): FlowEdge | undefined => {
    const edge = edgesById.get(input.visitedEdgeIds[visitedEdgeCursor] ?? "");
    if (!edge) return undefined;
    const leavesBlock =
      edge.from.blockId === block.id || block.items.some((item) => item.id === edge.from.itemId);
    if (!leavesBlock) return undefined;
    visitedEdgeCursor++;
    return edge;
  };
  const takeBranch = (block: FlowBlock, at: Position): Position | null => {
    const recorded = takeRecordedEdge(block);
    if (recorded) return followEdge(recorded.id);
    return block.outgoingEdgeId ? followEdge(block.outgoingEdgeId) : { group: at.group, index: at.index + 1 };
  };
  /** A group by id, or (like the engine) by the title a `{{Variable}}` reference holds. */
  const goToGroup = (reference: unknown, blockId?: unknown): Position | null => {
    if (typeof reference !== "string") return null;
    const title = reference.includes("{{")
      ? substituteVariables(reference, input.variables).trim()
      : undefined;
    const group =
      groupsById.get(reference) ??
      (title ? flow.groups.find((candidate) => candidate.title === title) : undefined);
    if (!group) return null;
    const target = typeof blockId === "string" ? group.blocks.findIndex((block) => block.id === blockId) : 0;
    return { group, index: Math.max(target, 0) };
  };

  const start = flow.events.find((event) => event.type === "start");
  let position = followEdge(start?.outgoingEdgeId);
  let blocksSinceAnswer = 0;
  while (position && blocksSinceAnswer++ < MAX_BLOCKS_BETWEEN_ANSWERS) {
    const at: Position = position;
    const block = at.group.blocks[at.index];
    const next = { group: at.group, index: at.index + 1 };
    if (!block) {
      const outgoingEdgeId = at.group.blocks.at(-1)?.outgoingEdgeId;
      position = outgoingEdgeId ? followEdge(outgoingEdgeId) : endPath();
      continue;
    }
    if (isBubbleBlock(block)) {
      const text = describeBubble(block, input.variables);
      if (text) entries.push({ role: "bot", blockId: block.id, text });
      position = next;
      continue;
    }
    if (isInputBlock(block)) {
      const answer = input.answers[answered];
      if (answer?.blockId === block.id) {
        entries.push({ role: "user", blockId: block.id, text: answer.content });
        answered++;
        blocksSinceAnswer = 0;
        position = takeBranch(block, at);
      } else if (answer && block.type === "file input" && block.options?.isRequired === false) {
        // An optional file input the visitor skipped stores no answer: the default path goes on.
        position = block.outgoingEdgeId ? followEdge(block.outgoingEdgeId) : next;
      } else {
        break;
      }
      continue;
    }
    switch (block.type) {
      case "Condition":
      case "AB test":
        position = takeBranch(block, at);
        break;
      case "Jump": {
        const target = goToGroup(block.options?.groupId, block.options?.blockId);
        if (target) returnMark = next;
        position = target ?? endPath();
        break;
      }
      case "Return":
        position = returnMark ?? endPath();
        returnMark = null;
        break;
      case "Bot link": {
        const target = block.options?.botId === currentBotId ? goToGroup(block.options?.groupId) : null;
        if (target) resumePoints.push(next);
        position = target ?? next;
        break;
      }
      default:
        position = next;
    }
  }
  return { entries, answered };
}
