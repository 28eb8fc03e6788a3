"use client";

import { applySettingsDefaults, type Settings, writePath } from "@parley/schemas";
import { useTranslations } from "use-intl";
import { ErrorState } from "@/components/ui/ErrorState";
import { Spinner } from "@/components/ui/Spinner";
import { ConflictDialog } from "../autosave/ConflictDialog";
import { SaveStatusBadge } from "../autosave/SaveStatusBadge";
import { useAutosavedBotField } from "../autosave/useAutosavedBotField";
import { useBotHeader } from "../bot-layout/BotContext";
import { BotHeaderActions } from "../bot-layout/BotHeaderActions";
import { BotRetentionSection } from "../retention/BotRetentionSection";
import { GeneralSettingsSection } from "./GeneralSettingsSection";
import { MessagingSettingsSection } from "./MessagingSettingsSection";
import { MetadataSettingsSection } from "./MetadataSettingsSection";
import { SecuritySettingsSection } from "./SecuritySettingsSection";
import { SystemMessagesSection } from "./SystemMessagesSection";
import { TypingSettingsSection } from "./TypingSettingsSection";

/** Every setting of the bot, saved as it is changed. */
export function SettingsView({
  viewerUrl,
  sessionIdleHours,
}: {
  viewerUrl: string;
  sessionIdleHours: number;
}) {
  const t = useTranslations("Settings");
  const sections = [
    { id: "general", label: t("general") },
    { id: "typing", label: t("typing") },
    { id: "metadata", label: t("metadata") },
    { id: "security", label: t("access") },
    { id: "messaging", label: t("messaging") },
    { id: "system-messages", label: t("systemMessages") },
    { id: "retention", label: t("retention") },
  ];
  const { id: botId, workspaceId, canEdit } = useBotHeader();
  const field = useAutosavedBotField<Settings>(botId, "settings");
  if (field.error) return <ErrorState error={field.error} onRetry={() => field.refetch()} />;
  if (!field.draft || !field.save)
    return (
      <div className="grid h-full place-items-center">
        <Spinner label={t("loading")} />
      </div>
    );
  const props = {
    settings: applySettingsDefaults(field.draft),
    set: (path: readonly string[], value: unknown) =>
      field.update((current) => writePath(current, path, value)),
  };
  return (
    <div className="h-full overflow-y-auto">
      <BotHeaderActions>
        <SaveStatusBadge save={field.save} onRetry={field.flush} />
      </BotHeaderActions>
      <div className="mx-auto flex max-w-5xl gap-8 px-4 py-6 sm:px-6">
        <nav aria-label={t("sections")} className="sticky top-6 hidden w-44 shrink-0 self-start lg:block">
          <ul className="flex flex-col gap-0.5">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}-title`}
                  className="block rounded-md px-3 py-1.5 text-muted hover:bg-subtle hover:text-ink"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-1 flex-col gap-6">
          <fieldset disabled={!canEdit} className="flex flex-col gap-6">
            <legend className="sr-only">{t("botSettings")}</legend>
            <GeneralSettingsSection {...props} />
            <TypingSettingsSection {...props} />
            <MetadataSettingsSection {...props} />
            <SecuritySettingsSection {...props} />
            <MessagingSettingsSection {...props} viewerUrl={viewerUrl} sessionIdleHours={sessionIdleHours} />
            <SystemMessagesSection {...props} />
          </fieldset>
          {/* Outside the autosaved document: saved on its own, by admins. */}
          <BotRetentionSection botId={botId} workspaceId={workspaceId} />
        </div>
      </div>
      <ConflictDialog
        open={field.save.status === "conflict"}
        subject="settings"
        onReload={field.reload}
        onOverwrite={field.overwrite}
      />
    </div>
  );
}
