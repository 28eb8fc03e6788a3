"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

/** The dashboard's writes; each refreshes the listings and reports its outcome in a toast. */
export function useDashboardActions(workspaceId: string | undefined) {
  const t = useTranslations("DashboardActions");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.folders.pathKey() }),
      queryClient.invalidateQueries({ queryKey: ["folderPath"] }),
    ]);
  };
  const fail = (what: string) => (error: unknown) =>
    toast.error(t("failed", { what, reason: getErrorMessage(error) }));

  const moveBot = useMutation(
    trpc.bots.updateBot.mutationOptions({
      onSuccess: async ({ bot }) => {
        await refresh();
        toast.success(t("moved", { name: bot.name }));
      },
      onError: fail(t("moveFailed")),
    }),
  );
  const createFolder = useMutation(
    trpc.folders.createFolder.mutationOptions({
      onSuccess: async ({ folder }) => {
        await refresh();
        toast.success(t("folderCreated", { name: folder.name }));
      },
      onError: fail(t("createFolderFailed")),
    }),
  );
  const renameFolder = useMutation(
    trpc.folders.updateFolder.mutationOptions({
      onSuccess: async ({ folder }) => {
        await refresh();
        toast.success(t("folderRenamed", { name: folder.name }));
      },
      onError: fail(t("renameFolderFailed")),
    }),
  );
  const deleteFolder = useMutation(
    trpc.folders.deleteFolder.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(t("folderDeleted"));
      },
      onError: fail(t("deleteFolderFailed")),
    }),
  );
  const duplicateBot = useMutation(
    trpc.bots.duplicateBot.mutationOptions({
      onSuccess: async ({ bot }) => {
        await refresh();
        toast.success(t("duplicated", { name: bot.name }));
      },
      onError: fail(t("duplicateFailed")),
    }),
  );
  const deleteBot = useMutation(
    trpc.bots.deleteBot.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(t("botDeleted"));
      },
      onError: fail(t("deleteBotFailed")),
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
