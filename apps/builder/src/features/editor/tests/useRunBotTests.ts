"use client";

import type { BotTest, BotTestResult } from "@parley/schemas";
import { useCallback } from "react";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPCClient } from "@/lib/trpc";
import { useEditorStore } from "../store/EditorStoreContext";
import type { EditorStore } from "../store/editorStore";

/** How long a run waits for the draft to be saved (tests run on the saved draft). */
const saveWaitMs = 20_000;

/** Resolves once the document is saved as it is now; refuses when saving failed (offline, refused, conflict). */
export function waitForSavedDocument(store: EditorStore, flush: () => void): Promise<void> {
  flush();
  return new Promise((resolve, reject) => {
    let unsubscribe = () => {};
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error("The draft is still being saved; try again in a moment"));
    }, saveWaitMs);
    const check = () => {
      const { save, history } = store.getState();
      const isDone = save.status === "saved" && save.savedDocument === history.present;
      const failed = save.status === "offline" || save.status === "invalid" || save.status === "conflict";
      if (!isDone && !failed) return false;
      clearTimeout(timer);
      unsubscribe();
      if (isDone) resolve();
      else reject(new Error(`The draft could not be saved: ${save.message ?? save.status}`));
      return true;
    };
    if (!check()) unsubscribe = store.subscribe(() => void check());
  });
}

/**
 * Runs tests (given, so a test being written runs as it is) on the bot's draft once it is saved, and keeps each
 * result in the editor for the Tests panel.
 */
export function useRunBotTests(botId: string, flush: () => void) {
  const client = useTRPCClient();
  const store = useEditorStore();
  return useCallback(
    async (
      tests: BotTest[],
    ): Promise<{ ok: true; results: BotTestResult[] } | { ok: false; message: string }> => {
      try {
        await waitForSavedDocument(store, flush);
        const { results } = await client.bots.runBotTests.mutate({ botId, tests });
        store.getState().setTestRuns(results);
        return { ok: true, results };
      } catch (error) {
        return { ok: false, message: getErrorMessage(error) };
      }
    },
    [client, store, botId, flush],
  );
}
