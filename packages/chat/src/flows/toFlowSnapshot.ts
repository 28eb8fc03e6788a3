import type { BotDraftRow } from "@parley/db/queries/readBotForChat";
import type { PublishedBotRow } from "@parley/db/queries/readPublishedBot";
import type { FlowSnapshot } from "@parley/engine";

const asArray = <T>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);
// The stored document was validated when it was saved or published; an absent part reads as empty.
const asObject = <T extends object>(value: unknown) =>
  (value && typeof value === "object" && !Array.isArray(value) ? value : {}) as T;

/** A published version as the engine reads it (validated when it was published). */
export function toFlowSnapshot(row: PublishedBotRow): FlowSnapshot {
  return {
    id: row.id,
    botId: row.botId,
    workspaceId: row.workspaceId,
    version: row.schemaVersion,
    publishedAt: row.createdAt.toISOString(),
    events: asArray(row.events),
    groups: asArray(row.groups),
    edges: asArray(row.edges),
    variables: asArray(row.variables),
    theme: asObject(row.theme),
    settings: asObject(row.settings),
  };
}

/** The draft of a bot as a snapshot (preview); its id changes with every save of the draft. */
export function toDraftSnapshot(botId: string, workspaceId: string, draft: BotDraftRow): FlowSnapshot {
  return {
    id: `draft-${botId}-${draft.updatedAt.getTime()}`,
    botId,
    workspaceId,
    version: draft.version,
    publishedAt: null,
    events: asArray(draft.events),
    groups: asArray(draft.groups),
    edges: asArray(draft.edges),
    variables: asArray(draft.variables),
    theme: asObject(draft.theme),
    settings: asObject(draft.settings),
  };
}
