"use client";

import { defaultSystemMessages } from "@parley/schemas";
import { useTranslations } from "use-intl";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import type { SettingsFieldsProps } from "./settingsEditing";

/** The name of each system message in the interface language (a message without one does not compile). */
const getLabels = (
  t: InterfaceTranslator<"SystemMessages">,
): Record<keyof typeof defaultSystemMessages, string> => ({
  invalidMessage: t("invalidMessage"),
  botClosed: t("botClosed"),
  networkErrorTitle: t("networkErrorTitle"),
  networkErrorMessage: t("networkErrorMessage"),
  popupBlockedTitle: t("popupBlockedTitle"),
  popupBlockedDescription: t("popupBlockedDescription"),
  popupBlockedButtonLabel: t("popupBlockedButtonLabel"),
  fileUploadError: t("fileUploadError"),
  fileUploadSizeError: t("fileUploadSizeError"),
  messagingPictureChoiceSelectLabel: t("messagingPictureChoiceSelectLabel"),
});

/** Texts the chat shows by itself; empty means the default (shown as placeholder). */
export function SystemMessagesSection({ settings, set }: SettingsFieldsProps) {
  const t = useTranslations("SystemMessages");
  const labels = getLabels(t);
  const messages = settings.general.systemMessages as Record<string, string | undefined>;
  return (
    <Section id="system-messages" title={t("title")} description={t("description")}>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {(Object.keys(labels) as (keyof typeof labels)[]).map((key) => (
          <Field key={key} label={labels[key]}>
            {(id) => (
              <Input
                id={id}
                placeholder={defaultSystemMessages[key]}
                value={messages[key] === defaultSystemMessages[key] ? "" : (messages[key] ?? "")}
                onChange={(event) => set(["general", "systemMessages", key], event.target.value || undefined)}
              />
            )}
          </Field>
        ))}
      </div>
    </Section>
  );
}
