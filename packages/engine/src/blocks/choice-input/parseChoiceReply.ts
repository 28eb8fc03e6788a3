import { type ChatMessage, textBubbleBlock } from "@parley/schemas";
import type { ParsedReply } from "../BlockExecutor";
import { getTextReply } from "../shared/createInputResponse";
import { type ChoiceCandidate, matchMultipleChoices, matchSingleChoice } from "./matchChoiceReply";

type Candidate = ChoiceCandidate & { item: { outgoingEdgeId?: string } };

/**
 * A reply to buttons or pictures. Single: the item's value (or label), its edge. Multiple: values
 * joined by ", ", the block's edge. `lastMessageNewFormat` shows the labels.
 */
export const parseChoiceReply = (
  candidates: Candidate[],
  reply: ChatMessage | null,
  isMultipleChoice: boolean,
): ParsedReply => {
  const text = getTextReply(reply);
  if (text === undefined || reply?.type !== textBubbleBlock.type)
    return reply ? { status: "fail" } : { status: "noReply" };
  if (isMultipleChoice) {
    const chosen = matchMultipleChoices(candidates, text);
    if (chosen.length === 0) return { status: "fail" };
    return {
      status: "success",
      content: chosen.map((candidate) => candidate.value ?? candidate.label).join(", "),
      formattedMessage: chosen.map((candidate) => candidate.label).join(", "),
    };
  }
  const chosen = matchSingleChoice(candidates, text, reply.metadata?.replyId);
  if (!chosen) return { status: "fail" };
  return {
    status: "success",
    content: chosen.value ?? chosen.label,
    formattedMessage: chosen.label,
    itemId: chosen.id,
    ...(chosen.item.outgoingEdgeId ? { outgoingEdgeId: chosen.item.outgoingEdgeId } : {}),
  };
};
