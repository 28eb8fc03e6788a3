"use client";

import { useTranslations } from "use-intl";
import { Section } from "@/components/ui/Section";
import { Switch } from "@/components/ui/Switch";
import { useUpdateWorkspace } from "./useUpdateWorkspace";

/**
 * Typebot's chat API for the workspace's bots (docs/typebot-compat.md): Typebot embeds keep working with only their
 * `apiHost` changed. On by default once a Typebot export was imported; admins change it.
 */
export function TypebotCompatibilitySection({
  workspace,
  isAdmin,
}: {
  workspace: { id: string; settings: { typebotCompatibility: boolean } };
  isAdmin: boolean;
}) {
  const t = useTranslations("TypebotCompatibility");
  const update = useUpdateWorkspace("typebotCompatibility");
  return (
    <Section id="workspace-typebot-compatibility" title={t("title")} description={t("description")}>
      <Switch
        label={t("label")}
        hint={t("hint")}
        checked={workspace.settings.typebotCompatibility}
        disabled={!isAdmin || update.isPending}
        onCheckedChange={(checked) =>
          update.mutate({ workspaceId: workspace.id, settings: { typebotCompatibility: checked } })
        }
      />
    </Section>
  );
}
