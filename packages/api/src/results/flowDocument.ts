/**
 * The minimal view of a flow that results and analytics need. It reads the
 * stored JSON defensively (any block kind, any extra field) so that a
 * document of an older schema version never breaks a read.
 */
export interface FlowBlock {
  id: string;
  type: string;
  groupId: string;
  outgoingEdgeId?: string;
  items: { id: string; outgoingEdgeId?: string }[];
  variableId?: string;
  options?: Record<string, unknown>;
  content?: unknown;
}

export interface FlowGroup {
  id: string;
  title: string;
  blocks: FlowBlock[];
}

export interface FlowEdge {
  id: string;
  from: { blockId?: string; itemId?: string; eventId?: string };
  to: { groupId: string; blockId?: string };
}

export interface FlowDocument {
  groups: FlowGroup[];
  edges: FlowEdge[];
  events: { id: string; type: string; outgoingEdgeId?: string }[];
  variables: { id: string; name: string }[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asArray = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isObject) : [];
const asString = (value: unknown) => (typeof value === "string" ? value : undefined);

export function readFlowDocument(flow: {
  groups: unknown;
  edges: unknown;
  events: unknown;
  variables: unknown;
}): FlowDocument {
  return {
    groups: asArray(flow.groups).map((group) => {
      const groupId = String(group.id ?? "");
      return {
        id: groupId,
        title: asString(group.title) ?? "",
        blocks: asArray(group.blocks).map((block) => ({
          id: String(block.id ?? ""),
          type: String(block.type ?? ""),
          groupId,
          outgoingEdgeId: asString(block.outgoingEdgeId),
          items: asArray(block.items).map((item) => ({
            id: String(item.id ?? ""),
            outgoingEdgeId: asString(item.outgoingEdgeId),
          })),
          variableId: isObject(block.options) ? asString(block.options.variableId) : undefined,
          options: isObject(block.options) ? block.options : undefined,
          content: block.content,
        })),
      };
    }),
    edges: asArray(flow.edges).map((edge) => ({
      id: String(edge.id ?? ""),
      from: isObject(edge.from) ? (edge.from as FlowEdge["from"]) : {},
      to: isObject(edge.to) ? (edge.to as FlowEdge["to"]) : { groupId: "" },
    })),
    events: asArray(flow.events).map((event) => ({
      id: String(event.id ?? ""),
      type: String(event.type ?? ""),
      outgoingEdgeId: asString(event.outgoingEdgeId),
    })),
    variables: asArray(flow.variables).map((variable) => ({
      id: String(variable.id ?? ""),
      name: String(variable.name ?? ""),
    })),
  };
}

/** Blocks whose type ends in "input" (Typebot's wire names), plus `cards`, wait for a reply. */
export function isInputBlock(block: FlowBlock): boolean {
  return block.type.endsWith(" input") || block.type === "cards";
}
