/**
 * The flow as the engine reads it: one published version of a bot (or the draft in preview).
 *
 * Groups, blocks, edges, events, variables, theme and settings are the bot document's types from `@parley/schemas`:
 * the document is validated when it is saved and published, so a snapshot is typed, never re-parsed.
 * The engine never mutates a snapshot; it memoises per-flow indexes on the object itself.
 */
import type { BotEvent, Edge, Group, Settings, Theme, Variable } from "@parley/schemas";

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
  events: BotEvent[];
  groups: Group[];
  edges: Edge[];
  variables: Variable[];
  theme: Theme;
  settings: Settings;
}
