"use client";

import { type FormEvent, useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { WorkspaceIcon } from "../workspace/WorkspaceIcon";
import { useUpdateWorkspace } from "./useUpdateWorkspace";

/** Name and icon of the workspace (admins change them). */
export function WorkspaceGeneralSection({
  workspace,
  isAdmin,
}: {
  workspace: { id: string; name: string; icon: string | null };
  isAdmin: boolean;
}) {
  const t = useTranslations("WorkspaceGeneral");
  const [name, setName] = useState(workspace.name);
  const [icon, setIcon] = useState(workspace.icon ?? "");
  useEffect(() => {
    setName(workspace.name);
    setIcon(workspace.icon ?? "");
  }, [workspace]);
  const update = useUpdateWorkspace("workspace");
  const isChanged = name.trim() !== workspace.name || icon.trim() !== (workspace.icon ?? "");

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ workspaceId: workspace.id, name: name.trim(), icon: icon.trim() || null });
  }

  return (
    <Section id="workspace-general" title={t("title")}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex items-end gap-3">
          <WorkspaceIcon name={name || workspace.name} icon={icon || null} size="lg" />
          <Field label={t("icon")} hint={t("iconHint")} className="w-40 sm:w-56">
            {(id) => (
              <Input
                id={id}
                value={icon}
                maxLength={2048}
                disabled={!isAdmin}
                onChange={(event) => setIcon(event.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label={t("name")}>
          {(id) => (
            <Input
              id={id}
              value={name}
              maxLength={100}
              required
              disabled={!isAdmin}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        {isAdmin ? (
          <Button
            type="submit"
            variant="primary"
            className="self-start"
            disabled={!isChanged || update.isPending}
          >
            {update.isPending ? t("saving") : t("save")}
          </Button>
        ) : (
          <p className="text-[13px] text-muted">{t("adminsOnly")}</p>
        )}
      </form>
    </Section>
  );
}
