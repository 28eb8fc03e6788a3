"use client";

import { Field, Input, Textarea } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Switch } from "@/components/ui/Switch";
import type { SettingsFieldsProps } from "./settingsEditing";

const textFields = [
  {
    key: "title",
    label: "Page title",
    hint: "The browser tab and link previews. Defaults to the bot's name.",
    type: "text",
  },
  {
    key: "description",
    label: "Description",
    hint: "Shown under the title in link previews and search results.",
    type: "text",
  },
  { key: "imageUrl", label: "Social image URL", hint: "1200×630 image for link previews.", type: "url" },
  { key: "favIconUrl", label: "Favicon URL", hint: "A square PNG or SVG.", type: "url" },
  {
    key: "tagManagerId",
    label: "Google Tag Manager ID",
    hint: "GTM-XXXXXXX; loaded on the share page only.",
    type: "text",
  },
] as const;

export function MetadataSettingsSection({ settings, set }: SettingsFieldsProps) {
  const metadata = settings.metadata as Record<string, string | boolean | undefined>;
  return (
    <Section
      id="metadata"
      title="Share page metadata"
      description="What search engines and link previews show."
    >
      {textFields.map((field) => (
        <Field key={field.key} label={field.label} hint={field.hint}>
          {(id) =>
            field.key === "description" ? (
              <Textarea
                id={id}
                rows={2}
                value={String(metadata[field.key] ?? "")}
                onChange={(event) => set(["metadata", field.key], event.target.value || undefined)}
              />
            ) : (
              <Input
                id={id}
                type={field.type}
                value={String(metadata[field.key] ?? "")}
                onChange={(event) => set(["metadata", field.key], event.target.value || undefined)}
              />
            )
          }
        </Field>
      ))}
      <Field
        label="Custom head code"
        hint="HTML added to the <head> of the share page only (analytics, fonts). Never runs in the builder."
      >
        {(id) => (
          <Textarea
            id={id}
            rows={4}
            spellCheck={false}
            className="font-mono text-[13px]"
            placeholder={'<script src="https://…"></script>'}
            value={String(metadata.customHeadCode ?? "")}
            onChange={(event) => set(["metadata", "customHeadCode"], event.target.value || undefined)}
          />
        )}
      </Field>
      <Switch
        label="Allow search engines to index the share page"
        checked={settings.metadata.allowIndexing}
        onCheckedChange={(checked) => set(["metadata", "allowIndexing"], checked)}
      />
    </Section>
  );
}
