/**
 * The editor's view of the bot document: only the structure its operations touch.
 * The schema types of @parley/schemas (Group, Block, Edge, …) satisfy these shapes, so
 * the pure operations below work on the real document without knowing every block kind.
 */
export interface DocPath {
  id: string;
  outgoingEdgeId?: string;
}

export interface DocItem {
  id: string;
  outgoingEdgeId?: string;
  /** Buttons of a card (the `cards` input): each has its own exit. */
  paths?: DocPath[];
}

export interface DocBlock {
  id: string;
  type: string;
  outgoingEdgeId?: string;
  items?: DocItem[];
}

export interface DocGroup<B extends DocBlock = DocBlock> {
  id: string;
  title: string;
  graphCoordinates: { x: number; y: number };
  blocks: B[];
}

export type DocEdgeSource = { blockId: string; itemId?: string; pathId?: string } | { eventId: string };

export interface DocEdge {
  id: string;
  from: DocEdgeSource;
  to: { groupId: string; blockId?: string };
}

export interface DocEvent {
  id: string;
  type: string;
  graphCoordinates: { x: number; y: number };
  outgoingEdgeId?: string;
}

export interface DocVariable {
  id: string;
  name: string;
  value?: string | (string | null)[] | null;
  isSessionVariable?: boolean;
}

export interface FlowDocument<B extends DocBlock = DocBlock> {
  groups: DocGroup<B>[];
  edges: DocEdge[];
  events: DocEvent[];
  variables: DocVariable[];
}

export type CreateId = () => string;

export type GroupOf<D extends FlowDocument> = D["groups"][number];
export type BlockOf<D extends FlowDocument> = GroupOf<D>["blocks"][number];
