"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { getErrorIssueCodes } from "@/lib/errorMessage";
import { useTRPC, useTRPCClient } from "@/lib/trpc";
import { isDeepEqual } from "./isDeepEqual";

export type SaveStatus = "saved" | "pending" | "saving" | "error" | "conflict";
type Field = "theme" | "settings";
const saveDelayMs = 700;
const retryDelayMs = 3000;

/**
 * One part of a bot document (theme or settings) edited locally and saved on its own:
 * debounced PATCH with the `updatedAt` read; a conflict caused by edits to other parts is
 * retried on the new `updatedAt`, one on this same part is left for the author to resolve;
 * a network error keeps the edits and retries.
 */
export function useAutosavedBotField<Value extends object>(botId: string, field: Field) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const bot = useQuery(
    trpc.bots.getBot.queryOptions({ botId }, { refetchOnWindowFocus: false, staleTime: 0 }),
  );
  const [draft, setDraft] = useState<Value | null>(null);
  const [status, setStatus] = useState<SaveStatus>("saved");
  const base = useRef<{ value: unknown; updatedAt: string } | null>(null);
  const draftRef = useRef<Value | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!bot.data || base.current) return;
    base.current = { value: bot.data.bot[field], updatedAt: bot.data.bot.updatedAt };
    draftRef.current = bot.data.bot[field] as Value;
    setDraft(draftRef.current);
  }, [bot.data, field]);

  const save = useMutation(trpc.bots.updateBot.mutationOptions());
  const saveNow = useCallback(
    async (overwrite = false) => {
      const value = draftRef.current;
      if (!value || !base.current) return;
      setStatus("saving");
      try {
        const { bot: saved } = await save.mutateAsync({
          botId,
          bot: { [field]: value, updatedAt: base.current.updatedAt },
          ...(overwrite ? { overwrite: true } : {}),
        });
        base.current = { value, updatedAt: saved.updatedAt };
        queryClient.setQueryData(trpc.bots.getBot.queryKey({ botId }), { bot: saved });
        setStatus(draftRef.current === value ? "saved" : "pending");
        if (draftRef.current !== value) timer.current = setTimeout(() => void saveNow(), saveDelayMs);
      } catch (error) {
        if (!getErrorIssueCodes(error).includes("CONFLICT_NEWER_VERSION")) {
          setStatus("error");
          timer.current = setTimeout(() => void saveNow(), retryDelayMs);
          return;
        }
        const { bot: fresh } = await client.bots.getBot.query({ botId });
        if (isDeepEqual(fresh[field], base.current.value)) {
          // Someone saved other parts of the bot (e.g. the flow): ours is still the latest of this part.
          base.current = { value: base.current.value, updatedAt: fresh.updatedAt };
          return saveNow();
        }
        setStatus("conflict");
      }
    },
    [botId, field, save, client, queryClient, trpc],
  );

  const update = useCallback(
    (next: Value | ((current: Value) => Value)) => {
      if (!draftRef.current) return;
      draftRef.current = typeof next === "function" ? next(draftRef.current) : next;
      setDraft(draftRef.current);
      setStatus("pending");
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveNow(), saveDelayMs);
    },
    [saveNow],
  );

  /** After a conflict: keep the other tab's version, or write ours over it. */
  const resolveConflict = useCallback(
    async (choice: "reload" | "overwrite") => {
      if (choice === "overwrite") return saveNow(true);
      const { bot: fresh } = await client.bots.getBot.query({ botId });
      base.current = { value: fresh[field], updatedAt: fresh.updatedAt };
      draftRef.current = fresh[field] as Value;
      setDraft(draftRef.current);
      setStatus("saved");
    },
    [botId, client, field, saveNow],
  );

  useEffect(() => {
    if (status === "saved") return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [status]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    bot: bot.data?.bot,
    error: bot.error,
    refetch: bot.refetch,
    draft,
    update,
    status,
    resolveConflict,
  };
}
