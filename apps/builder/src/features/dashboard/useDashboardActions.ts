"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

/** The dashboard's writes; each refreshes the listings and reports its outcome in a toast. */
export function useDashboardActions(workspaceId: string | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.folders.pathKey() }),
      queryClient.invalidateQueries({ queryKey: ["folderPath"] }),
    ]);
  };
  const fail = (what: string) => (error: unknown) => toast.error(`${what}: ${getErrorMessage(error)}`);

  const moveBot = useMutation(
    trpc.bots.updateBot.mutationOptions({
      onSuccess: async ({ bot }) => {
        await refresh();
        toast.success(`“${bot.name}” moved`);
      },
      onError: fail("Could not move the bot"),
    }),
  );
  const createFolder = useMutation(
    trpc.folders.createFolder.mutationOptions({
      onSuccess: async ({ folder }) => {
        await refresh();
        toast.success(`Folder “${folder.name}” created`);
      },
      onError: fail("Could not create the folder"),
    }),
  );
  const renameFolder = useMutation(
    trpc.folders.updateFolder.mutationOptions({
      onSuccess: async ({ folder }) => {
        await refresh();
        toast.success(`Folder renamed to “${folder.name}”`);
      },
      onError: fail("Could not rename the folder"),
    }),
  );
  const deleteFolder = useMutation(
    trpc.folders.deleteFolder.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success("Folder deleted; its bots moved up one level");
      },
      onError: fail("Could not delete the folder"),
    }),
  );
  const duplicateBot = useMutation(
    trpc.bots.duplicateBot.mutationOptions({
      onSuccess: async ({ bot }) => {
        await refresh();
        toast.success(`“${bot.name}” created`);
      },
      onError: fail("Could not duplicate the bot"),
    }),
  );
  const deleteBot = useMutation(
    trpc.bots.deleteBot.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success("Bot deleted");
      },
      onError: fail("Could not delete the bot"),
    }),
  );

  return {
    moveBot: (botId: string, folderId: string | null) => moveBot.mutate({ botId, bot: { folderId } }),
    createFolder: (name: string, parentFolderId: string | null) =>
      workspaceId && createFolder.mutate({ workspaceId, folder: { name, parentFolderId } }),
    renameFolder: (folderId: string, name: string) =>
      workspaceId && renameFolder.mutate({ folderId, workspaceId, folder: { name } }),
    deleteFolder: (folderId: string) => deleteFolder.mutate({ folderId }),
    duplicateBot: (botId: string) => duplicateBot.mutate({ botId }),
    deleteBot: deleteBot.mutateAsync,
    isDeletingBot: deleteBot.isPending,
    refresh,
  };
}
