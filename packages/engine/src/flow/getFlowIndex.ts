import {
  type Block,
  type BotEvent,
  type CommandEvent,
  type Edge,
  type Group,
  googleAnalyticsBlock,
  type InvalidReplyEvent,
  pixelBlock,
  type ReplyEvent,
  setVariableBlock,
  type Variable,
} from "@parley/schemas";
import type { FlowSnapshot } from "../types/flow";

export interface BlockLocation {
  group: Group;
  index: number;
  block: Block;
}

/** Lookups over one snapshot, built once and shared by every turn that runs on it. */
export interface SnapshotIndex {
  groupsById: Map<string, Group>;
  groupsByTitle: Map<string, Group>;
  blocksById: Map<string, BlockLocation>;
  edgesById: Map<string, Edge>;
  eventsById: Map<string, BotEvent>;
  startEvent: BotEvent | undefined;
  commandEvents: Map<string, CommandEvent>;
  replyEvent: ReplyEvent | undefined;
  invalidReplyEvent: InvalidReplyEvent | undefined;
  variablesById: Map<string, Variable>;
  variablesByName: Map<string, Variable>;
  /** Whether a Set variable block of this flow computes a Transcript (the session then records one). */
  usesTranscript: boolean;
  /** Tracking ids to load when a live chat starts: the first Google Analytics id, pixels not initialised by the page. */
  trackers: { googleAnalyticsId: string | null; pixelIds: string[] };
  /** Progress memo: longest remaining path in inputs per `groupId:blockIndex` (-1 while being computed). */
  longestPathMemo: Map<string, number>;
}

const indexes = new WeakMap<FlowSnapshot, SnapshotIndex>();

/** The snapshot's index, memoised on the snapshot object (the runtime caches snapshots in memory). */
export const getFlowIndex = (flow: FlowSnapshot): SnapshotIndex => {
  const cached = indexes.get(flow);
  if (cached) return cached;
  const index = buildFlowIndex(flow);
  indexes.set(flow, index);
  return index;
};

const buildFlowIndex = (flow: FlowSnapshot): SnapshotIndex => {
  const groupsById = new Map<string, Group>();
  const groupsByTitle = new Map<string, Group>();
  const blocksById = new Map<string, BlockLocation>();
  let usesTranscript = false;
  const trackers: SnapshotIndex["trackers"] = { googleAnalyticsId: null, pixelIds: [] };
  for (const group of flow.groups) {
    groupsById.set(group.id, group);
    if (!groupsByTitle.has(group.title)) groupsByTitle.set(group.title, group);
    group.blocks.forEach((block, index) => {
      blocksById.set(block.id, { group, index, block });
      if (block.type === setVariableBlock.type && block.options?.type === "Transcript") usesTranscript = true;
      collectTracker(trackers, block);
    });
  }
  const eventsById = new Map<string, BotEvent>();
  const commandEvents = new Map<string, CommandEvent>();
  for (const event of flow.events) {
    eventsById.set(event.id, event);
    const command = event.type === "command" ? event.options?.command : undefined;
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
    replyEvent: flow.events.find((event): event is ReplyEvent => event.type === "reply"),
    invalidReplyEvent: flow.events.find((event): event is InvalidReplyEvent => event.type === "invalidReply"),
    variablesById: new Map(flow.variables.map((variable) => [variable.id, variable])),
    variablesByName: indexFirstByName(flow.variables),
    usesTranscript,
    trackers,
    longestPathMemo: new Map(),
  };
};

const collectTracker = (trackers: SnapshotIndex["trackers"], block: Block): void => {
  if (block.type === googleAnalyticsBlock.type && block.options?.trackingId) {
    trackers.googleAnalyticsId ??= block.options.trackingId;
  }
  const pixelId = block.type === pixelBlock.type ? block.options?.pixelId : undefined;
  if (block.type === pixelBlock.type && pixelId && !block.options?.isInitSkip) {
    if (!trackers.pixelIds.includes(pixelId)) trackers.pixelIds.push(pixelId);
  }
};

/** Duplicate names resolve to the first declaration, as authors see it in the variables list. */
const indexFirstByName = (variables: Variable[]): Map<string, Variable> => {
  const byName = new Map<string, Variable>();
  for (const variable of variables) if (!byName.has(variable.name)) byName.set(variable.name, variable);
  return byName;
};
