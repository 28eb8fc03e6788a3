import type { ChatMessage, VariableValue } from "@parley/schemas";
import {
  type CardItem,
  type CardPath,
  type CardsBlock,
  type CardsOptions,
  cardsBlock,
  textBubbleBlock,
} from "@parley/schemas";
import type { InputExecutor, ParsedReply } from "../BlockExecutor";
import { createInputResponse, getTextReply } from "../shared/createInputResponse";
import { getCards } from "./getCards";

type CardsMappingField = NonNullable<NonNullable<CardsOptions["saveResponseMapping"]>[number]["field"]>;

/**
 * `cards`: a click sends a path id (as reply id or text); a card title (case-insensitive) picks that
 * card's first path. The answer is the card's title (or image URL); mapped fields go to variables;
 * the path's edge is followed.
 */
export const cards: InputExecutor<CardsBlock> = {
  kind: "input",
  replyEventInputType: cardsBlock.type,
  needsALookBeforeReply: true,
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run, { items: getCards(run) }) };
  },
  async parseReply(run, reply) {
    const text = getTextReply(reply);
    if (text === undefined) return reply ? { status: "fail" } : { status: "noReply" };
    const choice = findChoice(getCards(run), reply, text);
    if (!choice) return { status: "fail" };
    const options = run.block.options ?? {};
    const { card, path } = choice;
    return {
      status: "success",
      content: card.title || card.imageUrl || path?.text || card.id,
      ...(path?.outgoingEdgeId ? { outgoingEdgeId: path.outgoingEdgeId } : {}),
      variableUpdates: (options.saveResponseMapping ?? []).flatMap(({ variableId, field }) =>
        variableId && field ? [{ variableId, value: readField(card, path, field) }] : [],
      ),
    } satisfies ParsedReply;
  },
};

const findChoice = (
  cardList: CardItem[],
  reply: ChatMessage | null,
  text: string,
): { card: CardItem; path: CardPath | undefined } | undefined => {
  const replyId = reply?.type === textBubbleBlock.type ? reply.metadata?.replyId : undefined;
  const wanted = text.trim().toLowerCase();
  for (const card of cardList) {
    const path = (card.paths ?? []).find(
      (candidate) => candidate.id === replyId || candidate.id === text.trim(),
    );
    if (path) return { card, path };
    // A card without paths is one button, which replies with the card's id.
    if (replyId && card.id === replyId && !card.paths?.length) return { card, path: undefined };
  }
  const byTitle = cardList.find((card) => card.title?.trim().toLowerCase() === wanted && wanted !== "");
  return byTitle ? { card: byTitle, path: byTitle.paths?.[0] } : undefined;
};

const readField = (card: CardItem, path: CardPath | undefined, field: CardsMappingField): VariableValue => {
  switch (field) {
    case "Image URL":
      return card.imageUrl ?? null;
    case "Title":
      return card.title ?? null;
    case "Description":
      return card.description ?? null;
    case "Button":
      return path?.text ?? null;
    case "Internal Value":
      return card.options?.internalValue ?? null;
  }
};
