import type { FlowBlock, FlowEdge, FlowEvent, FlowGroup, FlowSnapshot, FlowVariable } from "../types/flow";

export interface FlowDraft {
  id?: string;
  botId?: string;
  workspaceId?: string;
  version?: string;
  publishedAt?: string | null;
  groups: FlowGroup[];
  edges?: FlowEdge[];
  variables?: FlowVariable[];
  /** Without events, a start event leads to the first group (edge id `start-edge`). */
  events?: FlowEvent[];
  theme?: Record<string, unknown>;
  settings?: Record<string, unknown>;
}

/** A snapshot for tests, with sensible ids and a start event when none is given. */
export const createFlow = (draft: FlowDraft): FlowSnapshot => {
  const firstGroup = draft.groups[0];
  const startEdges: FlowEdge[] =
    draft.events || !firstGroup
      ? []
      : [{ id: "start-edge", from: { eventId: "start" }, to: { groupId: firstGroup.id } }];
  return {
    id: draft.id ?? "flow-1",
    botId: draft.botId ?? "bot-1",
    workspaceId: draft.workspaceId ?? "workspace-1",
    version: draft.version ?? "6.1",
    publishedAt: draft.publishedAt === undefined ? "2026-08-01T00:00:00.000Z" : draft.publishedAt,
    events: draft.events ?? [
      { id: "start", type: "start", outgoingEdgeId: firstGroup ? "start-edge" : null },
    ],
    groups: draft.groups,
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
export const createSingleGroupFlow = (blocks: FlowBlock[], variables: FlowVariable[] = []): FlowSnapshot =>
  createFlow({ variables, groups: [{ id: "g", title: "G", blocks }] });
