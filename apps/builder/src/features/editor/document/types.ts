import type { Block, BotDocument, CardItem, ChoiceItem, Edge, EdgeSource, Group } from "@parley/schemas";

/**
 * The structure the editor's pure operations touch, taken from the schema types of
 * @parley/schemas: the bot document satisfies these shapes, so the operations below work on it
 * (and on small test documents) without a case per block kind.
 */
export type DocPath = Pick<NonNullable<CardItem["paths"]>[number], "id" | "outgoingEdgeId">;

/** An item of any kind: its id, its exit and, for a card, its paths (buttons), each an exit. */
export type DocItem = Pick<ChoiceItem, "id" | "outgoingEdgeId"> & { paths?: DocPath[] };

export type DocBlock = Pick<Block, "id" | "type" | "outgoingEdgeId"> & { items?: DocItem[] };

export type DocGroup<B extends DocBlock = DocBlock> = Omit<Group, "blocks"> & { blocks: B[] };

export type DocEdgeSource = EdgeSource;
export type DocEdge = Edge;
export type DocEvent = BotDocument["events"][number];
export type DocVariable = BotDocument["variables"][number];

export type FlowDocument<B extends DocBlock = DocBlock> = Pick<
  BotDocument,
  "edges" | "events" | "variables"
> & {
  groups: DocGroup<B>[];
};

export type { CreateId } from "@parley/schemas";

export type GroupOf<D extends FlowDocument> = D["groups"][number];
export type BlockOf<D extends FlowDocument> = GroupOf<D>["blocks"][number];
