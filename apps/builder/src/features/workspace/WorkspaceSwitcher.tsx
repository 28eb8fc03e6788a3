"use client";

import { BookOpen, Check, ChevronsUpDown, KeyRound, Plus, Settings } from "lucide-react";
import { useRouter } from "next/navigation";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { CreateWorkspaceDialog } from "./CreateWorkspaceDialog";
import { WorkspaceIcon } from "./WorkspaceIcon";
import { useWorkspaces } from "./WorkspaceProvider";

const itemClassName =
  "flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-1.5 outline-none select-none data-[highlighted]:bg-subtle";

/** The current workspace in the top bar; opens the list, creation and the workspace's pages (knowledge, credentials, settings). */
export function WorkspaceSwitcher() {
  const t = useTranslations("WorkspaceSwitcher");
  const router = useRouter();
  const { workspaces, workspace, selectWorkspace } = useWorkspaces();
  const [isCreating, setIsCreating] = useState(false);
  if (!workspace) return <span className="h-7 w-32 animate-pulse rounded-md bg-subtle" aria-hidden />;
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            className="flex h-9 min-w-0 items-center gap-2 rounded-lg px-2 font-medium hover:bg-subtle"
          >
            <WorkspaceIcon name={workspace.name} icon={workspace.icon} size="sm" />
            {/* Named by its visible text (WCAG 2.5.3); the trigger says it opens a menu (aria-haspopup). */}
            <span className="sr-only">{t("workspace")} </span>
            <span className="max-w-[9rem] truncate sm:max-w-[16rem]">{workspace.name}</span>
            <ChevronsUpDown size={14} className="shrink-0 text-muted" aria-hidden />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            className="z-50 w-64 rounded-lg border border-line bg-surface p-1 shadow-popover"
          >
            <DropdownMenu.Label className="px-2.5 py-1.5 text-[12px] font-semibold text-muted uppercase">
              {t("workspaces")}
            </DropdownMenu.Label>
            {workspaces?.map((item) => (
              <DropdownMenu.Item
                key={item.id}
                className={itemClassName}
                onSelect={() => {
                  selectWorkspace(item.id);
                  router.push("/dashboard");
                }}
              >
                <WorkspaceIcon name={item.name} icon={item.icon} size="sm" />
                <span className="min-w-0 flex-1 truncate">{item.name}</span>
                <Check
                  size={14}
                  aria-hidden
                  className={cn("text-brand-600", item.id !== workspace.id && "invisible")}
                />
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Item
              className={itemClassName}
              onSelect={() => router.push(`/workspaces/${workspace.id}/knowledge`)}
            >
              <BookOpen size={14} aria-hidden className="text-muted" />
              {t("knowledge")}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClassName}
              onSelect={() => router.push(`/workspaces/${workspace.id}/credentials`)}
            >
              <KeyRound size={14} aria-hidden className="text-muted" />
              {t("credentials")}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClassName} onSelect={() => router.push("/workspace/settings")}>
              <Settings size={14} aria-hidden className="text-muted" />
              {t("settings")}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClassName} onSelect={() => setIsCreating(true)}>
              <Plus size={14} aria-hidden className="text-muted" />
              {t("newWorkspace")}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <CreateWorkspaceDialog open={isCreating} onOpenChange={setIsCreating} />
    </>
  );
}
