"use client";

import { useTranslations } from "use-intl";
import { Select } from "@/components/ui/Select";
import { useDocument } from "../../store/EditorStoreContext";

/** Picks a group of this bot by its title; the option stores the group's id (undefined: `emptyLabel`). */
export function GroupPicker({
  id,
  value,
  onChange,
  emptyLabel,
}: {
  id: string;
  value: string | undefined;
  onChange: (groupId: string | undefined) => void;
  emptyLabel?: string;
}) {
  const t = useTranslations("TargetFields");
  const groups = useDocument((doc) => doc.groups);
  return (
    <Select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value || undefined)}>
      <option value="">{emptyLabel ?? t("chooseGroup")}</option>
      {groups.map((group) => (
        <option key={group.id} value={group.id}>
          {group.title}
        </option>
      ))}
    </Select>
  );
}
