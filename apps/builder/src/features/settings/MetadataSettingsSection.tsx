"use client";

import { useTranslations } from "use-intl";
import { Field, Input, Textarea } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Switch } from "@/components/ui/Switch";
import type { SettingsFieldsProps } from "./settingsEditing";

export function MetadataSettingsSection({ settings, set }: SettingsFieldsProps) {
  const t = useTranslations("MetadataSettings");
  const textFields = [
    { key: "title", label: t("pageTitle"), hint: t("pageTitleHint"), type: "text" },
    { key: "description", label: t("description"), hint: t("descriptionHint"), type: "text" },
    { key: "imageUrl", label: t("imageUrl"), hint: t("imageUrlHint"), type: "url" },
    { key: "favIconUrl", label: t("favIconUrl"), hint: t("favIconUrlHint"), type: "url" },
    { key: "tagManagerId", label: t("tagManagerId"), hint: t("tagManagerIdHint"), type: "text" },
  ] as const;
  const metadata = settings.metadata as Record<string, string | boolean | undefined>;
  return (
    <Section id="metadata" title={t("title")} description={t("sectionDescription")}>
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
      <Field label={t("customHeadCode")} hint={t("customHeadCodeHint")}>
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
        label={t("allowIndexing")}
        checked={settings.metadata.allowIndexing}
        onCheckedChange={(checked) => set(["metadata", "allowIndexing"], checked)}
      />
    </Section>
  );
}
