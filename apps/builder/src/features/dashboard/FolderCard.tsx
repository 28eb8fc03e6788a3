"use client";

import { Folder, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { Menu } from "@/components/ui/Menu";
import { useBotDropTarget } from "./useBotDropTarget";

/** A folder tile: opens the folder, accepts dropped bot cards, renames and deletes. */
export function FolderCard({
  folder,
  canEdit,
  onDropBot,
  onRename,
  onDelete,
}: {
  folder: { id: string; name: string };
  canEdit: boolean;
  onDropBot: (botId: string) => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("Dashboard");
  const drop = useBotDropTarget(onDropBot);
  return (
    <li
      {...(canEdit ? drop.handlers : {})}
      data-testid="folder-card"
      className={cn(
        "group relative flex h-16 items-center rounded-card border bg-surface shadow-card transition-colors",
        drop.isOver
          ? "border-brand-500 bg-brand-50 ring-2 ring-brand-100"
          : "border-line hover:border-line-strong",
      )}
    >
      <Link
        href={`/dashboard/folders/${folder.id}`}
        className="flex h-full min-w-0 flex-1 items-center gap-3 rounded-card px-4 font-medium"
      >
        <Folder size={20} className="shrink-0 text-brand-600" aria-hidden />
        <span className="truncate">{folder.name}</span>
      </Link>
      {canEdit ? (
        <div className="pr-2">
          <Menu
            trigger={
              <button
                type="button"
                aria-label={t("folderActionsOf", { name: folder.name })}
                className="grid h-8 w-8 place-items-center rounded-md text-muted hover:bg-subtle hover:text-ink"
              >
                <MoreHorizontal size={16} aria-hidden />
              </button>
            }
            items={[
              { label: t("rename"), icon: <Pencil size={14} aria-hidden />, onSelect: onRename },
              {
                label: t("delete"),
                icon: <Trash2 size={14} aria-hidden />,
                onSelect: onDelete,
                isDanger: true,
              },
            ]}
          />
        </div>
      ) : null}
    </li>
  );
}
