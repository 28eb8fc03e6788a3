"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { StoreApi } from "zustand/vanilla";
import { useTRPC, useTRPCClient } from "@/lib/trpc";
import type { Autosaver, SaveRequest } from "./createAutosaver";
import { type AutosaveStoreState, createAutosaveStore } from "./createAutosaveStore";
import { loadBotFields, saveBotChanges } from "./saveBotChanges";
import { useAutosaver } from "./useAutosaver";

type Field = "theme" | "settings" | "resultsTablePreferences";
type FieldDocument<Value> = Partial<Record<Field, Value>>;
type FieldStore<Value> = StoreApi<AutosaveStoreState<FieldDocument<Value>>>;

const selectDocument = <Value>(state: AutosaveStoreState<FieldDocument<Value>>) => state.document;
const noSubscription = () => () => undefined;

/**
 * One part of a bot document (theme, settings, the results table's preferences) edited on its page and saved on its own
 * by the autosaver the flow editor uses. A conflict caused by someone saving other parts
 * of the bot (e.g. the flow) is saved again on the new `updatedAt`; one on this same part
 * is left for the author to resolve.
 */
export function useAutosavedBotField<Value extends object>(botId: string, field: Field) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const bot = useQuery(
    trpc.bots.getBot.queryOptions({ botId }, { refetchOnWindowFocus: false, staleTime: 0 }),
  );
  const [store, setStore] = useState<FieldStore<Value> | null>(null);
  useEffect(() => {
    if (!bot.data || store) return;
    setStore(
      createAutosaveStore<FieldDocument<Value>>(
        { [field]: bot.data.bot[field] as Value },
        bot.data.bot.updatedAt,
      ),
    );
  }, [bot.data, field, store]);

  const save = useCallback(
    (request: SaveRequest<FieldDocument<Value>>) =>
      saveBotChanges(client, botId, request, {
        retryWhenOtherFieldsChanged: true,
        onSaved: (saved) => queryClient.setQueryData(trpc.bots.getBot.queryKey({ botId }), { bot: saved }),
      }),
    [client, botId, queryClient, trpc],
  );
  const autosaver = useAutosaver(store, selectDocument<Value>, save);

  const subscribe = store ? store.subscribe : noSubscription;
  const draft = useSyncExternalStore(
    subscribe,
    () => store?.getState().document[field] ?? null,
    () => null,
  );
  const saveState = useSyncExternalStore(
    subscribe,
    () => store?.getState().save ?? null,
    () => null,
  );

  const update = useCallback(
    (next: Value | ((current: Value) => Value)) =>
      store?.getState().edit((doc) => {
        const current = doc[field] as Value;
        return { [field]: typeof next === "function" ? next(current) : next };
      }),
    [store, field],
  );

  /** After a conflict: load the other tab's version, dropping this page's unsaved edits. */
  const reload = useCallback(async () => {
    if (!store) return;
    const { document, updatedAt } = await loadBotFields(client, botId, [field]);
    store.getState().reset({ [field]: document[field] as Value }, updatedAt);
  }, [store, client, botId, field]);

  return {
    error: bot.error,
    refetch: bot.refetch,
    draft,
    update,
    save: saveState,
    /** Saves now (the badge's "Retry now"). */
    flush: () => autosaver?.flush(),
    /** Saves now and resolves once the server holds this page's version (rejects when it cannot). */
    whenSaved: useCallback(() => waitUntilSaved(store, autosaver), [store, autosaver]),
    /** After a conflict: write this page's version over the newer one. */
    overwrite: () => autosaver?.overwrite(),
    reload,
  };
}

/** Flushes pending edits and waits for the save to land, or for it to fail. */
function waitUntilSaved<Value>(store: FieldStore<Value> | null, autosaver: Autosaver | null): Promise<void> {
  if (!store || !autosaver || store.getState().save.status === "saved") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = () => {
      const { status, message } = store.getState().save;
      if (status === "saved") {
        unsubscribe();
        resolve();
      } else if (status === "conflict" || status === "invalid" || status === "offline") {
        unsubscribe();
        reject(new Error(message ?? "The changes could not be saved"));
      }
    };
    const unsubscribe = store.subscribe(settle);
    autosaver.flush();
    settle();
  });
}
