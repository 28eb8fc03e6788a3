import type { ChatReply } from "../../types/chat";
import type { VariableValue } from "../../types/flow";
import type { InputExecutor, ParsedReply } from "../BlockExecutor";
import { createInputResponse, getTextReply } from "../shared/createInputResponse";
import { type Card, type CardPath, getCards } from "./getCards";

type MappingField = "Image URL" | "Title" | "Description" | "Button" | "Internal Value";

interface CardsOptions {
  saveResponseMapping?: { field?: MappingField; variableId?: string }[];
}

/**
 * `cards`: a click sends a path id (as reply id or text); a card title (case-insensitive) picks that
 * card's first path. The answer is the card's title (or image URL); mapped fields go to variables;
 * the path's edge is followed.
 */
export const cards: InputExecutor = {
  kind: "input",
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run, { items: getCards(run) }) };
  },
  async parseReply(run, reply) {
    const text = getTextReply(reply);
    if (text === undefined) return reply ? { status: "fail" } : { status: "noReply" };
    const choice = findChoice(getCards(run), reply, text);
    if (!choice) return { status: "fail" };
    const options = (run.block.options ?? {}) as CardsOptions;
    const { card, path } = choice;
    return {
      status: "success",
      content: card.title || card.imageUrl || path?.text || card.id,
      ...(path?.outgoingEdgeId ? { outgoingEdgeId: path.outgoingEdgeId } : {}),
      variableUpdates: (options.saveResponseMapping ?? [])
        .filter((mapping) => mapping.variableId && mapping.field)
        .map((mapping) => ({
          variableId: mapping.variableId as string,
          value: readField(card, path, mapping.field as MappingField),
        })),
    } satisfies ParsedReply;
  },
};

const findChoice = (
  cardList: Card[],
  reply: ChatReply | null,
  text: string,
): { card: Card; path: CardPath | undefined } | undefined => {
  const replyId = reply?.type === "text" ? reply.metadata?.replyId : undefined;
  const wanted = text.trim().toLowerCase();
  for (const card of cardList) {
    const path = (card.paths ?? []).find(
      (candidate) => candidate.id === replyId || candidate.id === text.trim(),
    );
    if (path) return { card, path };
  }
  const byTitle = cardList.find((card) => card.title?.trim().toLowerCase() === wanted && wanted !== "");
  return byTitle ? { card: byTitle, path: byTitle.paths?.[0] } : undefined;
};

const readField = (card: Card, path: CardPath | undefined, field: MappingField): VariableValue => {
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
