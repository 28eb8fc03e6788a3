"use client";

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
  const update = useUpdateWorkspace({
    updated: "Typebot compatibility",
    couldNotUpdate: "Typebot compatibility",
  });
  return (
    <Section
      id="workspace-typebot-compatibility"
      title="Typebot embeds"
      description="Serve Typebot's chat API so that Typebot's embed code works by pointing its apiHost at this install. Only published bots whose public share is on answer without a chat key; each bot's allowed origins still apply."
    >
      <Switch
        label="Answer Typebot's embeds"
        hint="On by default once a Typebot export was imported into this workspace."
        checked={workspace.settings.typebotCompatibility}
        disabled={!isAdmin || update.isPending}
        onCheckedChange={(checked) =>
          update.mutate({ workspaceId: workspace.id, settings: { typebotCompatibility: checked } })
        }
      />
    </Section>
  );
}
