"use client";

import { Select } from "@/components/ui/Select";
import { useDocument } from "../../store/EditorStoreContext";

/** Picks a group of this bot by its title; the option stores the group's id. */
export function GroupPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | undefined;
  onChange: (groupId: string | undefined) => void;
}) {
  const groups = useDocument((doc) => doc.groups);
  return (
    <Select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value || undefined)}>
      <option value="">Choose a group…</option>
      {groups.map((group) => (
        <option key={group.id} value={group.id}>
          {group.title}
        </option>
      ))}
    </Select>
  );
}
