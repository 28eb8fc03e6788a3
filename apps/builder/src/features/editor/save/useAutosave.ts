"use client";

import { useEffect, useMemo } from "react";
import { useTRPCClient } from "@/lib/trpc";
import type { EditorStore } from "../store/editorStore";
import { type Autosaver, createAutosaver } from "./createAutosaver";
import { saveBotDocument } from "./editorApi";

/**
 * Saves the editor's document automatically and warns before the page is closed while
 * something is not saved yet.
 */
export function useAutosave(store: EditorStore, botId: string): Autosaver {
  const client = useTRPCClient();
  const autosaver = useMemo(
    () => createAutosaver(store, (request) => saveBotDocument(client, botId, request)),
    [store, client, botId],
  );
  useEffect(() => () => autosaver.dispose(), [autosaver]);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (store.getState().save.status === "saved") return;
      autosaver.flush();
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    const onOnline = () => {
      if (store.getState().save.status === "offline") autosaver.flush();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("online", onOnline);
    };
  }, [store, autosaver]);
  return autosaver;
}
