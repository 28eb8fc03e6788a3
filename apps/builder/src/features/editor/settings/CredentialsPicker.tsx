"use client";

import { Select } from "@/components/ui/Select";

/**
 * Chooses the credentials (account) an integration uses. The workspace's credentials are
 * not served by the API yet, so only an id already in the block (an imported bot) can be
 * shown; the choice opens once the credentials procedures exist.
 */
export function CredentialsPicker({
  id,
  value,
  onChange,
}: {
  id?: string;
  blockType: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <Select
        id={id}
        value={value ?? ""}
        disabled={!value}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        {value ? (
          <option value={value}>Account {value}</option>
        ) : (
          <option value="">No account connected</option>
        )}
        {value ? <option value="">None</option> : null}
      </Select>
      <p className="text-[12px] text-muted">Accounts are connected in the workspace settings.</p>
    </div>
  );
}
