"use client";

import { useQuery } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from "react";
import { useTRPC } from "@/lib/trpc";

export interface WorkspaceSummary {
  id: string;
  name: string;
  icon: string | null;
}

interface WorkspaceContextValue {
  workspaces: WorkspaceSummary[] | undefined;
  /** The workspace the dashboard shows; undefined while the list loads. */
  workspace: WorkspaceSummary | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
  selectWorkspace: (workspaceId: string) => void;
}

const storageKey = "parley.currentWorkspaceId";
const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}
const readStoredId = () => window.localStorage.getItem(storageKey);

/** Makes a workspace the current one in this browser (also from pages outside the provider, as after joining). */
export function rememberWorkspace(workspaceId: string) {
  window.localStorage.setItem(storageKey, workspaceId);
  for (const listener of listeners) listener();
}

/** The signed-in user's workspaces and the current one (remembered in this browser). */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.workspaces.listWorkspaces.queryOptions());
  const storedId = useSyncExternalStore(subscribe, readStoredId, () => null);
  const selectWorkspace = useCallback(rememberWorkspace, []);
  // `?workspace=<id>` (where single sign-on through a workspace's provider lands) makes it the current one.
  useEffect(() => {
    const requested = new URLSearchParams(window.location.search).get("workspace");
    if (requested) rememberWorkspace(requested);
  }, []);
  const workspaces = list.data?.workspaces;
  const value = useMemo<WorkspaceContextValue>(
    () => ({
      workspaces,
      workspace: workspaces?.find((workspace) => workspace.id === storedId) ?? workspaces?.[0],
      isPending: list.isPending,
      error: list.error,
      refetch: () => void list.refetch(),
      selectWorkspace,
    }),
    [workspaces, storedId, list.isPending, list.error, list.refetch, selectWorkspace],
  );
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

/** The workspaces' context, or null outside `WorkspaceProvider` (components used on both sides). */
export function useOptionalWorkspaces(): WorkspaceContextValue | null {
  return useContext(WorkspaceContext);
}

export function useWorkspaces(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error("useWorkspaces is used outside WorkspaceProvider");
  return value;
}
