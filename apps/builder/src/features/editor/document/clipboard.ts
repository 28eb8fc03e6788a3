import { rewriteStrings, visitStrings } from "./deepStrings";
import type {
  BlockOf,
  CreateId,
  DocBlock,
  DocEdge,
  DocGroup,
  DocVariable,
  FlowDocument,
  GroupOf,
} from "./types";
import { isVariableIdKey } from "./variables";

export const clipboardKind = "parley/flow-selection";

/** What Copy puts on the clipboard (as JSON text): groups, their edges and the variables they use. */
export interface FlowClipboard<B extends DocBlock = DocBlock> {
  kind: typeof clipboardKind;
  version: 1;
  groups: DocGroup<B>[];
  edges: DocEdge[];
  variables: DocVariable[];
}

/** The selected groups with every edge leaving them and the variables they reference. */
export function copyGroups<D extends FlowDocument>(
  doc: D,
  groupIds: readonly string[],
): FlowClipboard<BlockOf<D>> {
  const ids = new Set(groupIds);
  const groups = doc.groups.filter((group) => ids.has(group.id));
  const blockIds = new Set(groups.flatMap((group) => group.blocks.map((block) => block.id)));
  const edges = doc.edges.filter((edge) => "blockId" in edge.from && blockIds.has(edge.from.blockId));
  const usedVariableIds = new Set<string>();
  visitStrings(groups, (text, key) => {
    if (isVariableIdKey(key)) usedVariableIds.add(text);
  });
  const variables = doc.variables.filter((variable) => usedVariableIds.has(variable.id));
  return { kind: clipboardKind, version: 1, groups, edges, variables };
}

/** The clipboard payload in a pasted text, or null when the text is something else. */
export function parseClipboard(text: string): FlowClipboard | null {
  try {
    const value = JSON.parse(text) as Partial<FlowClipboard>;
    if (value?.kind !== clipboardKind || !Array.isArray(value.groups) || !Array.isArray(value.edges))
      return null;
    return {
      kind: clipboardKind,
      version: 1,
      groups: value.groups,
      edges: value.edges,
      variables: value.variables ?? [],
    };
  } catch {
    return null;
  }
}

const idKeys = new Set(["id", "outgoingEdgeId", "blockId", "itemId", "pathId", "groupId"]);

/**
 * Pastes a clipboard payload: every group, block, item, path and edge gets a fresh id,
 * groups are shifted by `offset`, edges to groups that are neither pasted nor present are
 * dropped, and variables unknown to this bot are added (or matched by name).
 * Returns the new document and the ids of the pasted groups.
 */
export function pasteClipboard<D extends FlowDocument>(
  doc: D,
  clipboard: FlowClipboard,
  offset: { x: number; y: number },
  createId: CreateId,
): { doc: D; groupIds: string[] } {
  const ids = new Map<string, string>();
  for (const group of clipboard.groups) {
    ids.set(group.id, createId());
    for (const block of group.blocks) {
      ids.set(block.id, createId());
      for (const item of block.items ?? []) {
        ids.set(item.id, createId());
        for (const path of item.paths ?? []) ids.set(path.id, createId());
      }
    }
  }
  const existingGroupIds = new Set(doc.groups.map((group) => group.id));
  const keptEdges = clipboard.edges.filter(
    (edge) => ids.has(edge.to.groupId) || existingGroupIds.has(edge.to.groupId),
  );
  for (const edge of keptEdges) ids.set(edge.id, createId());

  const { variables, variableIds } = mergeVariables(doc.variables, clipboard.variables, createId);
  const remap = (text: string, key: string) => {
    if (isVariableIdKey(key)) return variableIds.get(text) ?? text;
    return idKeys.has(key) ? (ids.get(text) ?? text) : text;
  };
  const droppedEdgeIds = new Set(
    clipboard.edges.filter((edge) => !keptEdges.includes(edge)).map((edge) => edge.id),
  );
  const groups = clipboard.groups.map((group) => {
    const cleaned = rewriteStrings(group, (text, key) =>
      key === "outgoingEdgeId" && droppedEdgeIds.has(text) ? "" : text,
    );
    const pasted = rewriteStrings(cleaned, remap) as GroupOf<D>;
    return {
      ...pasted,
      graphCoordinates: { x: group.graphCoordinates.x + offset.x, y: group.graphCoordinates.y + offset.y },
      blocks: pasted.blocks.map(removeEmptyEdgeIds),
    };
  });
  const edges = keptEdges.map((edge) => rewriteStrings(edge, remap));
  return {
    doc: { ...doc, groups: [...doc.groups, ...groups], edges: [...doc.edges, ...edges], variables },
    groupIds: groups.map((group) => group.id),
  };
}

/** Duplicates groups next to themselves (Copy + Paste without the clipboard). */
export function duplicateGroups<D extends FlowDocument>(
  doc: D,
  groupIds: readonly string[],
  createId: CreateId,
): { doc: D; groupIds: string[] } {
  return pasteClipboard(doc, copyGroups(doc, groupIds), { x: 40, y: 40 }, createId);
}

function mergeVariables(current: DocVariable[], pasted: DocVariable[], createId: CreateId) {
  const variables = [...current];
  const variableIds = new Map<string, string>();
  for (const variable of pasted) {
    if (current.some((existing) => existing.id === variable.id)) continue;
    const sameName = current.find((existing) => existing.name === variable.name);
    if (sameName) variableIds.set(variable.id, sameName.id);
    else {
      const id = createId();
      variableIds.set(variable.id, id);
      variables.push({ ...variable, id });
    }
  }
  return { variables, variableIds };
}

function removeEmptyEdgeIds<B extends DocBlock>(block: B): B {
  const strip = <T extends { outgoingEdgeId?: string }>(value: T): T => {
    if (value.outgoingEdgeId !== "") return value;
    const { outgoingEdgeId: _removed, ...rest } = value;
    return rest as T;
  };
  const stripped = strip(block);
  if (!block.items) return stripped;
  return {
    ...stripped,
    items: block.items.map((item) =>
      item.paths ? { ...strip(item), paths: item.paths.map(strip) } : strip(item),
    ),
  };
}
