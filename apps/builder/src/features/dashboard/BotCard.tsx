"use client";

import { Copy, Download, FolderInput, MoreHorizontal, Trash2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Menu } from "@/components/ui/Menu";
import { useDateFormat } from "@/lib/useDateFormat";
import { startBotDrag } from "./dragAndDrop";

export interface ListedBot {
  id: string;
  name: string;
  icon: string | null;
  isPublished: boolean;
  updatedAt: string;
}

/** A bot tile: opens the editor; draggable onto a folder; menu of duplicate, export, move, delete. */
export function BotCard({
  bot,
  canEdit,
  onDuplicate,
  onExport,
  onMove,
  onDelete,
}: {
  bot: ListedBot;
  canEdit: boolean;
  onDuplicate: () => void;
  onExport: () => void;
  onMove: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("BotCard");
  const dates = useDateFormat();
  return (
    <li
      draggable={canEdit}
      onDragStart={(event) => startBotDrag(event, bot.id)}
      data-testid="bot-card"
      className="group relative flex flex-col rounded-card sm:h-44 border border-line bg-surface shadow-card transition-[border-color,box-shadow] hover:border-line-strong hover:shadow-popover"
    >
      <Link
        href={`/bots/${bot.id}/edit`}
        className="grid flex-1 grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 rounded-card p-4 pr-12 sm:flex sm:flex-col sm:items-start sm:gap-3 sm:pr-4"
        draggable={false}
      >
        <span
          aria-hidden
          className="row-span-2 grid h-11 w-11 place-items-center rounded-xl bg-subtle text-2xl leading-none"
        >
          {bot.icon || "🤖"}
        </span>
        <span className="line-clamp-2 font-semibold break-words">{bot.name}</span>
        <span className="flex w-full items-center justify-between gap-2 text-[12px] text-muted sm:mt-auto">
          <time dateTime={bot.updatedAt} title={dates.dateTime(bot.updatedAt)} className="min-w-0 truncate">
            {t("edited", { time: dates.relative(bot.updatedAt) })}
          </time>
          <span className="shrink-0">
            {bot.isPublished ? <Badge tone="success">{t("published")}</Badge> : <Badge>{t("draft")}</Badge>}
          </span>
        </span>
      </Link>
      <div className="absolute top-3 right-3">
        <Menu
          trigger={
            <button
              type="button"
              aria-label={t("actionsOf", { name: bot.name })}
              className="grid h-8 w-8 place-items-center rounded-md text-muted hover:bg-subtle hover:text-ink"
            >
              <MoreHorizontal size={16} aria-hidden />
            </button>
          }
          items={[
            ...(canEdit
              ? [
                  { label: t("duplicate"), icon: <Copy size={14} aria-hidden />, onSelect: onDuplicate },
                  { label: t("move"), icon: <FolderInput size={14} aria-hidden />, onSelect: onMove },
                ]
              : []),
            { label: t("export"), icon: <Download size={14} aria-hidden />, onSelect: onExport },
            ...(canEdit
              ? [
                  {
                    label: t("delete"),
                    icon: <Trash2 size={14} aria-hidden />,
                    onSelect: onDelete,
                    isDanger: true,
                  },
                ]
              : []),
          ]}
        />
      </div>
    </li>
  );
}
