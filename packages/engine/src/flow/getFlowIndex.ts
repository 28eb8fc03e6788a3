import type { FlowBlock, FlowEdge, FlowEvent, FlowGroup, FlowSnapshot, FlowVariable } from "../types/flow";

export interface BlockLocation {
  group: FlowGroup;
  index: number;
  block: FlowBlock;
}

/** Lookups over one snapshot, built once and shared by every turn that runs on it. */
export interface FlowIndex {
  groupsById: Map<string, FlowGroup>;
  groupsByTitle: Map<string, FlowGroup>;
  blocksById: Map<string, BlockLocation>;
  edgesById: Map<string, FlowEdge>;
  eventsById: Map<string, FlowEvent>;
  startEvent: FlowEvent | undefined;
  commandEvents: Map<string, FlowEvent>;
  replyEvent: FlowEvent | undefined;
  invalidReplyEvent: FlowEvent | undefined;
  variablesById: Map<string, FlowVariable>;
  variablesByName: Map<string, FlowVariable>;
  /** Whether a Set variable block of this flow computes a Transcript (the session then records one). */
  usesTranscript: boolean;
  /** Tracking ids to load when a live chat starts: the first Google Analytics id, pixels not initialised by the page. */
  trackers: { googleAnalyticsId: string | null; pixelIds: string[] };
  /** Progress memo: longest remaining path in inputs per `groupId:blockIndex` (-1 while being computed). */
  longestPathMemo: Map<string, number>;
}

const indexes = new WeakMap<FlowSnapshot, FlowIndex>();

/** The snapshot's index, memoised on the snapshot object (the runtime caches snapshots in memory). */
export const getFlowIndex = (flow: FlowSnapshot): FlowIndex => {
  const cached = indexes.get(flow);
  if (cached) return cached;
  const index = buildFlowIndex(flow);
  indexes.set(flow, index);
  return index;
};

const buildFlowIndex = (flow: FlowSnapshot): FlowIndex => {
  const groupsById = new Map<string, FlowGroup>();
  const groupsByTitle = new Map<string, FlowGroup>();
  const blocksById = new Map<string, BlockLocation>();
  let usesTranscript = false;
  const trackers: FlowIndex["trackers"] = { googleAnalyticsId: null, pixelIds: [] };
  for (const group of flow.groups) {
    groupsById.set(group.id, group);
    if (!groupsByTitle.has(group.title)) groupsByTitle.set(group.title, group);
    group.blocks.forEach((block, index) => {
      blocksById.set(block.id, { group, index, block });
      if (block.type === "Set variable" && block.options?.type === "Transcript") usesTranscript = true;
      collectTracker(trackers, block);
    });
  }
  const eventsById = new Map<string, FlowEvent>();
  const commandEvents = new Map<string, FlowEvent>();
  for (const event of flow.events) {
    eventsById.set(event.id, event);
    const command = event.options?.command;
    if (event.type === "command" && typeof command === "string" && !commandEvents.has(command)) {
      commandEvents.set(command, event);
    }
  }
  return {
    groupsById,
    groupsByTitle,
    blocksById,
    edgesById: new Map(flow.edges.map((edge) => [edge.id, edge])),
    eventsById,
    startEvent: flow.events.find((event) => event.type === "start") ?? flow.events[0],
    commandEvents,
    replyEvent: flow.events.find((event) => event.type === "reply"),
    invalidReplyEvent: flow.events.find((event) => event.type === "invalidReply"),
    variablesById: new Map(flow.variables.map((variable) => [variable.id, variable])),
    variablesByName: indexFirstByName(flow.variables),
    usesTranscript,
    trackers,
    longestPathMemo: new Map(),
  };
};

const collectTracker = (trackers: FlowIndex["trackers"], block: FlowBlock): void => {
  const options = block.options ?? {};
  if (block.type === "Google Analytics" && typeof options.trackingId === "string" && options.trackingId) {
    trackers.googleAnalyticsId ??= options.trackingId;
  }
  const pixelId = options.pixelId;
  if (block.type === "Pixel" && typeof pixelId === "string" && pixelId && !options.isInitSkip) {
    if (!trackers.pixelIds.includes(pixelId)) trackers.pixelIds.push(pixelId);
  }
};

/** Duplicate names resolve to the first declaration, as authors see it in the variables list. */
const indexFirstByName = (variables: FlowVariable[]): Map<string, FlowVariable> => {
  const byName = new Map<string, FlowVariable>();
  for (const variable of variables) if (!byName.has(variable.name)) byName.set(variable.name, variable);
  return byName;
};
