import { type FlowSnapshot, replayTranscript } from "@parley/engine";
import { isBubbleBlock, isInputBlock } from "@parley/schemas";
import { describeBubble, type TranscriptVariable } from "./describeBubble";

export interface TranscriptEntry {
  role: "bot" | "user";
  blockId: string;
  text: string;
}

export interface TranscriptInput {
  /** The stored answers, in order. */
  answers: { blockId: string; content: string }[];
  /** The result's visited edges (off-default-path edges: choice items, condition and A/B paths), in order. */
  visitedEdgeIds: string[];
  /** The result's stored variables, substituted into bubble text where a value is known. */
  variables: TranscriptVariable[];
  /** An AI agent's answers (from the result's logs), each after the visitor's message it answers (by answer index). */
  agentAnswers?: AgentAnswer[];
  /** The chat waits in the inbox now: the transcript ends at the Human handoff block (ReplayRequest.isInHandoff). */
  isInHandoff?: boolean;
}

export interface AgentAnswer {
  answerIndex: number;
  blockId: string;
  text: string;
  sources: { name: string }[];
}

/**
 * A result's transcript: the conversation replayed by the engine over the flow it ran on
 * (`replayTranscript`), bot bubbles and the visitor's answers in order, up to where it stopped. When
 * the flow cannot be followed (edited since, an edge not found), each remaining answer still appears,
 * after the bubbles of its group that precede its input: nothing stored is left out.
 */
export async function computeTranscript(
  flow: FlowSnapshot,
  input: TranscriptInput,
): Promise<TranscriptEntry[]> {
  const replayed = await replayTranscript({ flow, ...input });
  const entries: TranscriptEntry[] = [];
  const addBubble = (block: FlowSnapshot["groups"][number]["blocks"][number]) => {
    const text = isBubbleBlock(block) ? describeBubble(block, input.variables) : "";
    if (text) entries.push({ role: "bot", blockId: block.id, text });
  };
  const agentAnswers = new Map((input.agentAnswers ?? []).map((answer) => [answer.answerIndex, answer]));
  let answerPosition = 0;
  /** The visitor's answer, then the AI agent's answer to it (its sources after it), if any. */
  const addAnswer = (blockId: string, text: string) => {
    entries.push({ role: "user", blockId, text });
    const reply = agentAnswers.get(answerPosition);
    answerPosition += 1;
    if (reply && reply.blockId === blockId && reply.text !== "")
      entries.push({
        role: "bot",
        blockId,
        text: reply.sources.length
          ? `${reply.text}\n\nSources: ${reply.sources.map((source, index) => `${index + 1}. ${source.name}`).join("; ")}`
          : reply.text,
      });
  };
  for (const entry of replayed.entries) {
    if (entry.role === "bot") addBubble(entry.block);
    else addAnswer(entry.block.id, entry.content);
  }
  const groupOfBlock = new Map(
    flow.groups.flatMap((group) => group.blocks.map((block) => [block.id, group] as const)),
  );
  for (const answer of input.answers.slice(replayed.answeredCount)) {
    const group = groupOfBlock.get(answer.blockId);
    if (group) {
      const position = group.blocks.findIndex((block) => block.id === answer.blockId);
      let start = position;
      while (start > 0 && !isInputBlock(group.blocks[start - 1] as (typeof group.blocks)[number])) start--;
      group.blocks.slice(start, position).forEach(addBubble);
    }
    addAnswer(answer.blockId, answer.content);
  }
  return entries;
}
