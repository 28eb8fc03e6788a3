"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";

/** ADMINs give a conversation to any member who can reply, or put it back in the waiting list. */
export function AssignForm({
  agents,
  assigneeId,
  isPending,
  onAssign,
}: {
  agents: { userId: string; name: string }[];
  assigneeId: string | null;
  isPending: boolean;
  onAssign: (userId: string | null) => void;
}) {
  const t = useTranslations("Inbox");
  const [choice, setChoice] = useState(assigneeId ?? "");
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onAssign(choice || null);
      }}
    >
      <Field label={t("assignTo")} className="min-w-48 flex-1">
        {(id) => (
          <Select id={id} value={choice} onChange={(event) => setChoice(event.target.value)}>
            <option value="">{t("nobodyBackToWaiting")}</option>
            {agents.map((agent) => (
              <option key={agent.userId} value={agent.userId}>
                {agent.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button type="submit" size="md" disabled={isPending || choice === (assigneeId ?? "")}>
        {t("assign")}
      </Button>
    </form>
  );
}
