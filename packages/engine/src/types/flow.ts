/**
 * The flow as the engine reads it: one published version of a bot (or the draft in preview).
 *
 * These are structural types: the bot document schemas of `@parley/schemas` produce values that fit
 * them, and each block executor narrows `options` / `content` / `items` to what its kind carries.
 * The engine never mutates a snapshot; it memoises per-flow indexes on the object itself.
 */

/** A variable's value: text, a list of texts (list variables), or unset. */
export type VariableValue = string | (string | null)[] | null;

export interface FlowVariable {
  id: string;
  name: string;
  /** Default value the variable starts a session with. */
  value?: VariableValue;
  /** Session-only variables are never written to the result. */
  isSessionVariable?: boolean;
}

/** Edge origin: a block (optionally one of its items or condition paths) or an event. */
export type FlowEdgeFrom = { blockId: string; itemId?: string; pathId?: string } | { eventId: string };

export interface FlowEdge {
  id: string;
  from: FlowEdgeFrom;
  /** Target group; without `blockId` the group's first block. */
  to: { groupId: string; blockId?: string };
}

/** An item of a block with items (choice, picture choice, condition, AB test, cards). */
export interface FlowBlockItem {
  id: string;
  outgoingEdgeId?: string | null;
  [field: string]: unknown;
}

/** Any block. `type` is Typebot's wire string (`text`, `choice input`, `Condition`, `Webhook`, ...). */
export interface FlowBlock {
  id: string;
  type: string;
  outgoingEdgeId?: string | null;
  /** Bubbles carry `content`. */
  content?: Record<string, unknown> | null;
  /** Inputs, logic and integrations carry `options`. */
  options?: Record<string, unknown> | null;
  items?: FlowBlockItem[] | null;
}

export interface FlowGroup {
  id: string;
  title: string;
  blocks: FlowBlock[];
  graphCoordinates?: { x: number; y: number };
}

/** `start` (events[0]), `command`, `reply` or `invalidReply`. */
export interface FlowEvent {
  id: string;
  type: string;
  outgoingEdgeId?: string | null;
  options?: Record<string, unknown> | null;
  graphCoordinates?: { x: number; y: number };
}

/**
 * One immutable version of a bot's flow. The session state references it by `id` and never copies it.
 */
export interface FlowSnapshot {
  /** Identifier of this snapshot: the published version id (a draft snapshot in preview). */
  id: string;
  botId: string;
  workspaceId: string;
  /** Schema version of the document ("6", "6.1"; below "6" list variables render their last item). */
  version: string;
  /** ISO 8601 publication time; null for a draft. */
  publishedAt: string | null;
  events: FlowEvent[];
  groups: FlowGroup[];
  edges: FlowEdge[];
  variables: FlowVariable[];
  /** The bot's theme (`general.progressBar`, `chat.hostAvatar`, `chat.guestAvatar`, `general.background`, ...). */
  theme: Record<string, unknown>;
  /** The bot's settings (`general.systemMessages`, `typingEmulation`, ...). */
  settings: Record<string, unknown>;
}
