"use client";

import { toBotExport } from "@parley/schemas";
import { canAccess } from "@parley/schemas/management/access";
import { useQuery } from "@tanstack/react-query";
import { Bot as BotIcon, FolderPlus, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { NameDialog } from "@/components/ui/NameDialog";
import { PageHeader } from "@/components/ui/PageHeader";
import { downloadFile, toFileName } from "@/lib/downloadFile";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC, useTRPCClient } from "@/lib/trpc";
import { JoinableWorkspaces } from "../invitations/JoinableWorkspaces";
import { MyInvitations } from "../invitations/MyInvitations";
import { useWorkspaces } from "../workspace/WorkspaceProvider";
import { BotCard, type ListedBot } from "./BotCard";
import { CreateBotDialog } from "./CreateBotDialog";
import { DashboardSkeleton } from "./DashboardSkeleton";
import { FolderBreadcrumb } from "./FolderBreadcrumb";
import { FolderCard } from "./FolderCard";
import { ImportBotButton } from "./ImportBotButton";
import { MoveBotDialog } from "./MoveBotDialog";
import { NoWorkspace } from "./NoWorkspace";
import { SharedBots } from "./SharedBots";
import { useDashboardActions } from "./useDashboardActions";
import { useFolderPath } from "./useFolderPath";

type Folder = { id: string; name: string };
type Bot = ListedBot & { folderId: string | null };

/** The bots and folders of the current workspace at one folder level (null: the top level). */
export function DashboardView({ folderId }: { folderId: string | null }) {
  const t = useTranslations("Dashboard");
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { workspaces, workspace, selectWorkspace, error: workspacesError, refetch } = useWorkspaces();
  const path = useFolderPath(folderId);
  const folder = path.data?.at(-1);
  // A folder link opened from another workspace switches to the folder's workspace.
  useEffect(() => {
    if (folder && workspace && folder.workspaceId !== workspace.id) selectWorkspace(folder.workspaceId);
  }, [folder, workspace, selectWorkspace]);
  const workspaceId = folder?.workspaceId ?? workspace?.id;
  const isReady = workspaceId !== undefined && (folderId === null || folder !== undefined);
  const listInput = { workspaceId: workspaceId ?? "", folderId: folderId ?? "root" };
  const details = useQuery(
    trpc.workspaces.getWorkspace.queryOptions({ workspaceId: workspaceId ?? "" }, { enabled: isReady }),
  );
  const folders = useQuery(
    trpc.folders.listFolders.queryOptions(
      { workspaceId: workspaceId ?? "", parentFolderId: folderId ?? "root" },
      { enabled: isReady },
    ),
  );
  const bots = useQuery(trpc.bots.listBots.queryOptions(listInput, { enabled: isReady }));
  const actions = useDashboardActions(workspaceId);
  const canEdit = details.data ? canAccess(details.data.currentUserRole, "write") : false;

  const [isCreatingBot, setIsCreatingBot] = useState(false);
  const [folderDialog, setFolderDialog] = useState<{ folder: Folder | null } | null>(null);
  const [deletingFolder, setDeletingFolder] = useState<Folder | null>(null);
  const [deletingBot, setDeletingBot] = useState<Bot | null>(null);
  const [movingBot, setMovingBot] = useState<Bot | null>(null);

  async function exportBot(bot: Bot) {
    try {
      const { bot: full } = await client.bots.getBot.query({ botId: bot.id });
      // Blocks an import kept unsupported go back out as they came in.
      downloadFile(
        `${toFileName(full.name)}.json`,
        JSON.stringify(toBotExport(full), null, 2),
        "application/json",
      );
      toast.success(t("exported", { name: full.name }));
    } catch (error) {
      toast.error(t("exportFailed", { reason: getErrorMessage(error) }));
    }
  }

  const error = workspacesError ?? path.error ?? folders.error ?? bots.error;
  if (error) {
    return (
      <ErrorState
        error={error}
        onRetry={() => {
          refetch();
          void path.refetch();
          void folders.refetch();
          void bots.refetch();
        }}
      />
    );
  }
  if (workspaces?.length === 0)
    return (
      <div className="flex flex-col gap-6">
        <MyInvitations />
        <JoinableWorkspaces />
        <SharedBots />
        <NoWorkspace />
      </div>
    );
  if (!isReady || !workspace || !folders.data || !bots.data) return <DashboardSkeleton />;
  const workspaceName = workspace.id === workspaceId ? workspace.name : "";

  return (
    <div className="flex flex-col gap-8">
      <MyInvitations />
      <JoinableWorkspaces />
      <PageHeader
        before={
          folderId && path.data ? (
            <FolderBreadcrumb workspaceName={workspaceName} path={path.data} onDropBot={actions.moveBot} />
          ) : undefined
        }
        title={folder?.name ?? workspaceName}
        description={folder ? undefined : t("description")}
        actions={
          canEdit ? (
            <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
              <Button
                variant="primary"
                className="order-first col-span-2 sm:order-last"
                onClick={() => setIsCreatingBot(true)}
              >
                <Plus size={14} aria-hidden />
                {t("createBot")}
              </Button>
              <Button onClick={() => setFolderDialog({ folder: null })}>
                <FolderPlus size={14} aria-hidden />
                {t("newFolder")}
              </Button>
              <ImportBotButton workspaceId={workspaceId} folderId={folderId} />
            </div>
          ) : undefined
        }
      />

      {folders.data.folders.length > 0 ? (
        <section aria-labelledby="folders-title" className="flex flex-col gap-3">
          <h2 id="folders-title" className="text-[13px] font-semibold tracking-wide text-muted uppercase">
            {t("folders")}
          </h2>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {folders.data.folders.map((item) => (
              <FolderCard
                key={item.id}
                folder={item}
                canEdit={canEdit}
                onDropBot={(botId) => actions.moveBot(botId, item.id)}
                onRename={() => setFolderDialog({ folder: item })}
                onDelete={() => setDeletingFolder(item)}
              />
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="bots-title" className="flex flex-col gap-3">
        <h2 id="bots-title" className="text-[13px] font-semibold tracking-wide text-muted uppercase">
          {t("bots")}
        </h2>
        {bots.data.bots.length === 0 ? (
          <EmptyState icon={<BotIcon size={32} />} title={folder ? t("folderEmpty") : t("noBots")}>
            <p>{t("emptyHint")}</p>
            {canEdit ? (
              <Button variant="primary" onClick={() => setIsCreatingBot(true)}>
                <Plus size={14} aria-hidden />
                {t("createBot")}
              </Button>
            ) : null}
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={t("bots")}>
            {bots.data.bots.map((bot) => (
              <BotCard
                key={bot.id}
                bot={bot}
                canEdit={canEdit}
                onDuplicate={() => actions.duplicateBot(bot.id)}
                onExport={() => exportBot(bot)}
                onMove={() => setMovingBot(bot)}
                onDelete={() => setDeletingBot(bot)}
              />
            ))}
          </ul>
        )}
      </section>

      {folderId === null ? <SharedBots /> : null}

      <CreateBotDialog
        open={isCreatingBot}
        onOpenChange={setIsCreatingBot}
        workspaceId={workspaceId}
        folderId={folderId}
      />
      <NameDialog
        open={folderDialog !== null}
        onOpenChange={(open) => !open && setFolderDialog(null)}
        title={folderDialog?.folder ? t("renameFolder") : t("newFolder")}
        label={t("folderName")}
        initialValue={folderDialog?.folder?.name ?? ""}
        submitLabel={folderDialog?.folder ? t("rename") : t("createFolder")}
        onSubmit={(name) =>
          folderDialog?.folder
            ? actions.renameFolder(folderDialog.folder.id, name)
            : actions.createFolder(name, folderId)
        }
      />
      <ConfirmDialog
        open={deletingFolder !== null}
        onOpenChange={(open) => !open && setDeletingFolder(null)}
        title={t("deleteFolderTitle", { name: deletingFolder?.name ?? "" })}
        description={t("deleteFolderDescription")}
        confirmLabel={t("deleteFolder")}
        onConfirm={() => {
          if (deletingFolder) actions.deleteFolder(deletingFolder.id);
          setDeletingFolder(null);
        }}
      />
      <ConfirmDialog
        open={deletingBot !== null}
        onOpenChange={(open) => !open && setDeletingBot(null)}
        title={t("deleteBotTitle", { name: deletingBot?.name ?? "" })}
        description={t("deleteBotDescription")}
        confirmLabel={t("deleteBot")}
        isPending={actions.isDeletingBot}
        onConfirm={async () => {
          if (deletingBot) await actions.deleteBot({ botId: deletingBot.id }).catch(() => undefined);
          setDeletingBot(null);
        }}
      />
      <MoveBotDialog
        bot={movingBot}
        workspaceId={workspaceId}
        onOpenChange={(open) => !open && setMovingBot(null)}
        onMove={(target) => movingBot && actions.moveBot(movingBot.id, target)}
      />
    </div>
  );
}
