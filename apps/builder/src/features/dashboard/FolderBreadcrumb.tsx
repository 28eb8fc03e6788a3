"use client";

import { ChevronRight } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { useBotDropTarget } from "./useBotDropTarget";
import type { FolderCrumb } from "./useFolderPath";

/** Workspace › folder › sub-folder; every level but the last accepts dropped bots (move up). */
export function FolderBreadcrumb({
  workspaceName,
  path,
  onDropBot,
}: {
  workspaceName: string;
  path: FolderCrumb[];
  onDropBot: (botId: string, folderId: string | null) => void;
}) {
  const t = useTranslations("Dashboard");
  const levels = [
    { id: null, name: workspaceName },
    ...path.map((folder) => ({ id: folder.id, name: folder.name })),
  ];
  return (
    <nav aria-label={t("breadcrumb")}>
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {levels.map((level, index) => (
          <Crumb
            key={level.id ?? "root"}
            level={level}
            isCurrent={index === levels.length - 1}
            onDropBot={(botId) => onDropBot(botId, level.id)}
          />
        ))}
      </ol>
    </nav>
  );
}

function Crumb({
  level,
  isCurrent,
  onDropBot,
}: {
  level: { id: string | null; name: string };
  isCurrent: boolean;
  onDropBot: (botId: string) => void;
}) {
  const drop = useBotDropTarget(onDropBot);
  return (
    <li className="flex items-center gap-1">
      {isCurrent ? (
        <span aria-current="page" className="rounded-md px-1.5 py-0.5 font-medium text-ink">
          {level.name}
        </span>
      ) : (
        <>
          <Link
            {...drop.handlers}
            href={level.id ? `/dashboard/folders/${level.id}` : "/dashboard"}
            className={cn(
              "rounded-md px-1.5 py-0.5 hover:bg-subtle hover:text-ink",
              drop.isOver && "bg-brand-50 text-brand-700 ring-2 ring-brand-100",
            )}
          >
            {level.name}
          </Link>
          <ChevronRight size={14} aria-hidden />
        </>
      )}
    </li>
  );
}
