"use client";

import { toSpreadsheetId } from "@parley/schemas";
import { TextField } from "../editor/settings/form/TextField";

/** The spreadsheet of a Google Sheets block: its id, or its address pasted from the browser (the id is kept). */
export function SpreadsheetField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <TextField
        id={id}
        value={value ?? ""}
        placeholder="https://docs.google.com/spreadsheets/d/… or its id"
        onChange={(text) => onChange(toSpreadsheetId(text) || undefined)}
      />
      <p className="text-[12px] text-muted">Paste the spreadsheet's address; its id is kept.</p>
    </div>
  );
}
