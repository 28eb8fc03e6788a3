import type { BotDocument } from "./bot";

export const botChangeKinds = ["group", "block", "edge", "variable", "event", "settings", "theme"] as const;
export const botChangeTypes = ["added", "removed", "changed"] as const;

/** One difference between two versions of a flow. */
export interface BotChange {
  kind: (typeof botChangeKinds)[number];
  change: (typeof botChangeTypes)[number];
  /** The group, block, edge, variable or event id; null for settings and theme. */
  id: string | null;
  /** The group a block belongs to (in the newer version, or the older one for a removed block); else null. */
  groupId: string | null;
  /** What names it: a group's title, a block's type, a variable's name, an event's type. */
  label: string;
  /** The fields that changed (dotted paths, e.g. `options.url`, `general.isInputPrefillEnabled`); [] when added or removed. */
  fields: string[];
}

type Json = unknown;
type Entry = { id: string; groupId: string | null; label: string; value: Record<string, Json> };

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Leaf paths whose values differ (arrays compared whole, as one field), in sorted order. */
function listChangedPaths(before: Json, after: Json, prefix = ""): string[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) =>
      listChangedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key),
    );
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [prefix || "(all)"];
}

/** Layout and wiring fields: positions are not behaviour, and exits are reported as edges. */
const ignoredFields = new Set(["graphCoordinates", "outgoingEdgeId"]);

function withoutIgnored(value: Record<string, Json>, nested: boolean): Record<string, Json> {
  const copy: Record<string, Json> = {};
  for (const [key, child] of Object.entries(value)) {
    if (ignoredFields.has(key)) continue;
    copy[key] =
      nested && Array.isArray(child)
        ? child.map((item) => (isObject(item) ? withoutIgnored(item, true) : item))
        : isObject(child) && nested
          ? withoutIgnored(child, true)
          : child;
  }
  return copy;
}

function diffEntries(kind: BotChange["kind"], before: Entry[], after: Entry[]): BotChange[] {
  const beforeById = new Map(before.map((entry) => [entry.id, entry]));
  const afterIds = new Set(after.map((entry) => entry.id));
  const changes: BotChange[] = [];
  for (const entry of after) {
    const previous = beforeById.get(entry.id);
    const base = { kind, id: entry.id, groupId: entry.groupId, label: entry.label };
    if (!previous) {
      changes.push({ ...base, change: "added", fields: [] });
      continue;
    }
    const fields = listChangedPaths(withoutIgnored(previous.value, true), withoutIgnored(entry.value, true));
    if (previous.groupId !== entry.groupId) fields.unshift("group");
    if (fields.length > 0) changes.push({ ...base, change: "changed", fields });
  }
  for (const entry of before)
    if (!afterIds.has(entry.id))
      changes.push({
        kind,
        id: entry.id,
        groupId: entry.groupId,
        label: entry.label,
        change: "removed",
        fields: [],
      });
  return changes;
}

const groupsOf = (document: BotDocument): Entry[] =>
  document.groups.map(({ blocks: _blocks, ...group }) => ({
    id: group.id,
    groupId: null,
    label: group.title,
    value: group,
  }));

const blocksOf = (document: BotDocument): Entry[] =>
  document.groups.flatMap((group) =>
    group.blocks.map((block) => ({ id: block.id, groupId: group.id, label: block.type, value: block })),
  );

const edgesOf = (document: BotDocument): Entry[] =>
  document.edges.map((edge) => ({ id: edge.id, groupId: edge.to.groupId, label: "edge", value: edge }));

const variablesOf = (document: BotDocument): Entry[] =>
  document.variables.map((variable) => ({
    id: variable.id,
    groupId: null,
    label: variable.name,
    value: variable,
  }));

const eventsOf = (document: BotDocument): Entry[] =>
  document.events.map((event) => ({ id: event.id, groupId: null, label: event.type, value: event }));

/**
 * What changed from one version of a flow to another: groups, blocks, edges, variables and events added,
 * removed or changed (with the fields that changed; a block moved to another group has `group`), then the
 * settings' and theme's changed fields. Positions on the canvas are left out. Pure and ordered: the newer
 * version's order, then what it removed.
 */
export function diffBotDocuments(before: BotDocument, after: BotDocument): BotChange[] {
  const changes = [
    ...diffEntries("group", groupsOf(before), groupsOf(after)),
    ...diffEntries("block", blocksOf(before), blocksOf(after)),
    ...diffEntries("edge", edgesOf(before), edgesOf(after)),
    ...diffEntries("variable", variablesOf(before), variablesOf(after)),
    ...diffEntries("event", eventsOf(before), eventsOf(after)),
  ];
  for (const part of ["settings", "theme"] as const) {
    const fields = listChangedPaths(before[part], after[part]);
    if (fields.length > 0)
      changes.push({ kind: part, change: "changed", id: null, groupId: null, label: part, fields });
  }
  return changes;
}
