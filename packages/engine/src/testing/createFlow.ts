import type { Edge, Variable } from "@parley/schemas";
import type { FlowSnapshot } from "../types/flow";

/** A block as a test writes it: any kind, only the fields the test needs. */
export interface DraftBlock {
  id: string;
  type: string;
  [field: string]: unknown;
}

/** Groups and events without canvas coordinates (the engine never reads them). */
export interface DraftGroup {
  id: string;
  title: string;
  blocks: DraftBlock[];
}

export interface DraftEvent {
  id: string;
  type: string;
  outgoingEdgeId?: string | null;
  options?: Record<string, unknown>;
}

export interface FlowDraft {
  id?: string;
  botId?: string;
  workspaceId?: string;
  version?: string;
  publishedAt?: string | null;
  groups: DraftGroup[];
  edges?: Edge[];
  variables?: Variable[];
  /** Without events, a start event leads to the first group (edge id `start-edge`). */
  events?: DraftEvent[];
  theme?: Record<string, unknown>;
  settings?: Record<string, unknown>;
}

/**
 * A snapshot for tests, with sensible ids and a start event when none is given. Like the runtime,
 * it types the document without parsing it: tests may leave out what a stored document holds.
 */
export const createFlow = (draft: FlowDraft): FlowSnapshot => {
  const firstGroup = draft.groups[0];
  const startEdges: Edge[] =
    draft.events || !firstGroup
      ? []
      : [{ id: "start-edge", from: { eventId: "start" }, to: { groupId: firstGroup.id } }];
  return {
    id: draft.id ?? "flow-1",
    botId: draft.botId ?? "bot-1",
    workspaceId: draft.workspaceId ?? "workspace-1",
    version: draft.version ?? "6.1",
    publishedAt: draft.publishedAt === undefined ? "2026-08-01T00:00:00.000Z" : draft.publishedAt,
    events: (draft.events ?? [
      { id: "start", type: "start", outgoingEdgeId: firstGroup ? "start-edge" : null },
    ]) as unknown as FlowSnapshot["events"],
    groups: draft.groups as unknown as FlowSnapshot["groups"],
    edges: [...startEdges, ...(draft.edges ?? [])],
    variables: draft.variables ?? [],
    theme: draft.theme ?? {},
    settings: draft.settings ?? {},
  };
};

/** A text bubble block holding one paragraph. */
export const textBlock = (id: string, text: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text }] }] },
});

/** A flow of one group ("g") holding the blocks, started from the start event. */
export const createSingleGroupFlow = (blocks: DraftBlock[], variables: Variable[] = []): FlowSnapshot =>
  createFlow({ variables, groups: [{ id: "g", title: "G", blocks }] });
