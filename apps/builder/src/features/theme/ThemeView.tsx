"use client";

import { defaultTheme, type Theme, writePath } from "@parley/schemas";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { cn } from "@/components/ui/cn";
import { ErrorState } from "@/components/ui/ErrorState";
import { Spinner } from "@/components/ui/Spinner";
import { ConflictDialog } from "../autosave/ConflictDialog";
import { SaveStatusBadge } from "../autosave/SaveStatusBadge";
import { useAutosavedBotField } from "../autosave/useAutosavedBotField";
import { useBotHeader } from "../bot-layout/BotContext";
import { BotHeaderActions } from "../bot-layout/BotHeaderActions";
import { ThemeEditor } from "./ThemeEditor";
import { ThemeGallery } from "./ThemeGallery";
import { ThemePreview } from "./ThemePreview";
import { getEffectiveTheme } from "./themeEditing";

/** The theme editor beside a live preview (stacked, with a switch, on phones). */
export function ThemeView() {
  const t = useTranslations("Theme");
  const { id: botId, workspaceId, canEdit, isWorkspaceMember } = useBotHeader();
  const field = useAutosavedBotField<Theme>(botId, "theme");
  const [mobilePane, setMobilePane] = useState<"edit" | "preview">("edit");
  const [isResetting, setIsResetting] = useState(false);
  if (field.error) return <ErrorState error={field.error} onRetry={() => field.refetch()} />;
  if (!field.draft || !field.save)
    return (
      <div className="grid h-full place-items-center">
        <Spinner label={t("loading")} />
      </div>
    );
  const theme = getEffectiveTheme(field.draft);
  const set = (path: readonly string[], value: unknown) =>
    field.update((current) => writePath(current, path, value));

  return (
    <div className="flex h-full flex-col lg:flex-row">
      <BotHeaderActions>
        <SaveStatusBadge save={field.save} onRetry={field.flush} />
      </BotHeaderActions>
      <div className="shrink-0 border-b border-line bg-surface px-4 py-2 lg:hidden">
        <div className="flex gap-1 rounded-lg bg-subtle p-1" role="tablist" aria-label={t("panes")}>
          {(["edit", "preview"] as const).map((pane) => (
            <button
              key={pane}
              type="button"
              role="tab"
              aria-selected={mobilePane === pane}
              onClick={() => setMobilePane(pane)}
              className={cn(
                "h-8 flex-1 rounded-md font-medium text-muted",
                mobilePane === pane && "bg-surface text-ink shadow-card",
              )}
            >
              {pane === "edit" ? t("edit") : t("preview")}
            </button>
          ))}
        </div>
      </div>
      <div
        className={cn(
          "min-h-0 flex-1 overflow-y-auto border-line lg:max-w-[440px] lg:flex-none lg:basis-[440px] lg:border-r",
          mobilePane === "preview" && "hidden lg:block",
        )}
      >
        <fieldset disabled={!canEdit} className="flex flex-col gap-4 p-4">
          <legend className="sr-only">{t("title")}</legend>
          <div className="flex items-center justify-between">
            <h2 className="text-xl font-semibold tracking-tight">{t("title")}</h2>
            <Button size="sm" variant="ghost" onClick={() => setIsResetting(true)}>
              <RotateCcw size={14} aria-hidden />
              {t("reset")}
            </Button>
          </div>
          {/* Theme templates are the workspace's: someone the bot alone is shared with edits the theme itself. */}
          {isWorkspaceMember ? (
            <ThemeGallery
              botId={botId}
              workspaceId={workspaceId}
              theme={field.draft}
              canEdit={canEdit}
              onApply={(next) => field.update(next)}
            />
          ) : null}
          <ThemeEditor theme={theme} set={set} />
        </fieldset>
      </div>
      <div className={cn("min-h-0 flex-1 bg-subtle p-4 lg:p-6", mobilePane === "edit" && "hidden lg:block")}>
        <ThemePreview theme={field.draft} />
      </div>
      <ConfirmDialog
        open={isResetting}
        onOpenChange={setIsResetting}
        title={t("resetTitle")}
        description={t("resetDescription")}
        confirmLabel={t("resetConfirm")}
        onConfirm={() => {
          field.update(structuredClone<Theme>(defaultTheme));
          setIsResetting(false);
        }}
      />
      <ConflictDialog
        open={field.save.status === "conflict"}
        subject="theme"
        onReload={field.reload}
        onOverwrite={field.overwrite}
      />
    </div>
  );
}
