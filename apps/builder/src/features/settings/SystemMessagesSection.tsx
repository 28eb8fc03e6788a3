"use client";

import { defaultSystemMessages } from "@parley/schemas";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import type { SettingsFieldsProps } from "./settingsEditing";

const labels: Record<keyof typeof defaultSystemMessages, string> = {
  invalidMessage: "Invalid answer",
  botClosed: "Bot closed",
  networkErrorTitle: "Network error title",
  networkErrorMessage: "Network error message",
  popupBlockedTitle: "Pop-up blocked title",
  popupBlockedDescription: "Pop-up blocked description",
  popupBlockedButtonLabel: "Pop-up blocked button",
  fileUploadError: "File upload failed",
  fileUploadSizeError: "File too large ([[file]], [[limit]] MB)",
  messagingPictureChoiceSelectLabel: "Picture choice “Select” label",
};

/** Texts the chat shows by itself; empty means the default (shown as placeholder). */
export function SystemMessagesSection({ settings, set }: SettingsFieldsProps) {
  const messages = settings.general.systemMessages as Record<string, string | undefined>;
  return (
    <Section
      id="system-messages"
      title="System messages"
      description="Translate or reword what the chat says on its own. Leave empty for the default."
    >
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
