"use client";

import { useQuery } from "@tanstack/react-query";
import { Folder, Home } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/Dialog";
import { ErrorState } from "@/components/ui/ErrorState";
import { Spinner } from "@/components/ui/Spinner";
import { useTRPCClient } from "@/lib/trpc";

interface FolderOption {
  id: string | null;
  name: string;
  depth: number;
}

/** Every folder of the workspace, depth first, under a "Top level" entry. */
function useFolderTree(workspaceId: string, isEnabled: boolean, topLevel: string) {
  const client = useTRPCClient();
  return useQuery({
    queryKey: ["folderTree", workspaceId, topLevel],
    enabled: isEnabled,
    queryFn: async (): Promise<FolderOption[]> => {
      const options: FolderOption[] = [{ id: null, name: topLevel, depth: 0 }];
      const visit = async (parentFolderId: string, depth: number) => {
        const { folders } = await client.folders.listFolders.query({ workspaceId, parentFolderId });
        for (const folder of folders) {
          options.push({ id: folder.id, name: folder.name, depth });
          if (depth < 16) await visit(folder.id, depth + 1);
        }
      };
      await visit("root", 1);
      return options;
    },
  });
}

/** The keyboard-friendly way to put a bot in a folder (the alternative to dragging its card). */
export function MoveBotDialog({
  bot,
  workspaceId,
  onOpenChange,
  onMove,
}: {
  bot: { id: string; name: string; folderId: string | null } | null;
  workspaceId: string;
  onOpenChange: (open: boolean) => void;
  onMove: (folderId: string | null) => void;
}) {
  const t = useTranslations("MoveBot");
  const tree = useFolderTree(workspaceId, bot !== null, t("topLevel"));
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => setSelected(bot?.folderId ?? null), [bot]);

  return (
    <Dialog
      open={bot !== null}
      onOpenChange={onOpenChange}
      title={t("title", { name: bot?.name ?? "" })}
      description={t("description")}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{t("cancel")}</Button>
          <Button
            variant="primary"
            disabled={selected === (bot?.folderId ?? null)}
            onClick={() => {
              onMove(selected);
              onOpenChange(false);
            }}
          >
            {t("moveHere")}
          </Button>
        </>
      }
    >
      {tree.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t("loading")} />
        </div>
      ) : tree.isError ? (
        <ErrorState error={tree.error} onRetry={() => tree.refetch()} />
      ) : (
        <fieldset className="flex max-h-72 flex-col gap-0.5 overflow-y-auto">
          <legend className="sr-only">{t("destination")}</legend>
          {tree.data.map((option) => (
            <label
              key={option.id ?? "root"}
              style={{ paddingLeft: `${0.5 + option.depth * 1.25}rem` }}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-md py-1.5 pr-2 hover:bg-subtle",
                selected === option.id && "bg-brand-50 text-brand-700",
              )}
            >
              <input
                type="radio"
                name="destination"
                className="accent-brand-600"
                checked={selected === option.id}
                onChange={() => setSelected(option.id)}
              />
              {option.id ? <Folder size={14} aria-hidden /> : <Home size={14} aria-hidden />}
              <span className="truncate">{option.name}</span>
            </label>
          ))}
        </fieldset>
      )}
    </Dialog>
  );
}
