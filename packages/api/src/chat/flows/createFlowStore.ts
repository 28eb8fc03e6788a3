import type { Pool } from "@parley/db";
import { readCurrentPublishedBotId, readPublishedBot } from "@parley/db/queries/readPublishedBot";
import type { FlowSnapshot } from "@parley/engine";
import { createLruCache } from "./createLruCache";
import { toFlowSnapshot } from "./toFlowSnapshot";

export interface FlowStore {
  /** A published version by id; immutable, so cached (LRU). Null when it does not exist. */
  getPublishedFlow: (publishedBotId: string) => Promise<FlowSnapshot | null>;
  /** The version a bot of `workspaceId` currently serves; null when unpublished, archived or elsewhere. */
  getCurrentPublishedFlow: (botId: string, workspaceId: string) => Promise<FlowSnapshot | null>;
}

/**
 * Published versions in memory, by id. A turn reads its session row and finds
 * the flow here, so its cost does not grow with the flow's size; the engine
 * memoises its indexes on the cached snapshot object.
 */
export function createFlowStore(getPool: () => Pool, maxEntries: number): FlowStore {
  const cache = createLruCache<string, Promise<FlowSnapshot | null>>(maxEntries);

  const getPublishedFlow = (publishedBotId: string) => {
    const cached = cache.get(publishedBotId);
    if (cached) return cached;
    const loading = readPublishedBot(getPool(), publishedBotId).then((row) =>
      row ? toFlowSnapshot(row) : null,
    );
    cache.set(publishedBotId, loading);
    // A failed read (database down) or a missing version is not remembered.
    loading.then(
      (flow) => {
        if (!flow) cache.delete(publishedBotId);
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
