import type { Pool } from "@parley/db";
import { readCurrentPublishedBotId, readPublishedBot } from "@parley/db/queries/readPublishedBot";
import { toPublishedFlowSnapshot } from "@parley/db/storedFlow";
import type { FlowSnapshot } from "@parley/engine";
import { createFlowCache } from "./createFlowCache";

export interface FlowStore {
  /** A published version by id; immutable, so cached (LRU). Null when it does not exist. */
  getPublishedFlow: (publishedBotId: string) => Promise<FlowSnapshot | null>;
  /** The version a bot of `workspaceId` currently serves; null when unpublished, archived or elsewhere. */
  getCurrentPublishedFlow: (botId: string, workspaceId: string) => Promise<FlowSnapshot | null>;
}

/** The length of a flow's JSON, in UTF-16 code units (close to bytes for the mostly ASCII documents). */
function measureFlowSize(flow: FlowSnapshot): number {
  return JSON.stringify([flow.events, flow.groups, flow.edges, flow.variables, flow.theme, flow.settings])
    .length;
}

/**
 * Published versions in memory, by id. A turn reads its session row and finds
 * the flow here, so its cost does not grow with the flow's size; the engine
 * memoises its indexes on the cached snapshot object.
 */
export function createFlowStore(
  getPool: () => Pool,
  limits: { maxEntries: number; maxBytes: number },
): FlowStore {
  const cache = createFlowCache<string, Promise<FlowSnapshot | null>>({
    maxEntries: limits.maxEntries,
    maxWeight: limits.maxBytes,
  });

  const getPublishedFlow = (publishedBotId: string) => {
    const cached = cache.get(publishedBotId);
    if (cached) return cached;
    const loading = readPublishedBot(getPool(), publishedBotId).then((row) =>
      row ? toPublishedFlowSnapshot(row) : null,
    );
    cache.set(publishedBotId, loading);
    // A failed read (database down) or a missing version is not remembered; a loaded one
    // weighs the length of its JSON (its size in memory is a small multiple of it).
    loading.then(
      (flow) => {
        if (flow) cache.weigh(publishedBotId, loading, measureFlowSize(flow));
        else cache.delete(publishedBotId);
      },
      () => cache.delete(publishedBotId),
    );
    return loading;
  };

  return {
    getPublishedFlow,
    getCurrentPublishedFlow: async (botId, workspaceId) => {
      const bot = await readCurrentPublishedBotId(getPool(), botId);
      if (!bot?.publishedBotId || bot.workspaceId !== workspaceId) return null;
      return getPublishedFlow(bot.publishedBotId);
    },
  };
}
