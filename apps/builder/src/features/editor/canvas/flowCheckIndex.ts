import { type BotDocument, checkFlow, type FlowCheckFinding } from "@parley/schemas";

export interface FlowCheckIndex {
  /** Findings about one block, by block id. */
  byBlock: Map<string, FlowCheckFinding[]>;
  /** Findings about a whole group, by group id. */
  byGroup: Map<string, FlowCheckFinding[]>;
}

const cache = new WeakMap<BotDocument, FlowCheckIndex>();

/**
 * The flow checker's findings on the document, by block and group, computed once per document version
 * (every edit makes a new document), so each canvas row reads its own findings without re-running it.
 */
export function getFlowCheckIndex(document: BotDocument): FlowCheckIndex {
  const cached = cache.get(document);
  if (cached) return cached;
  const index: FlowCheckIndex = { byBlock: new Map(), byGroup: new Map() };
  for (const finding of checkFlow(document)) {
    const [map, key] = finding.blockId ? [index.byBlock, finding.blockId] : [index.byGroup, finding.groupId];
    map.set(key, [...(map.get(key) ?? []), finding]);
  }
  cache.set(document, index);
  return index;
}
