"use client";

import { toSpreadsheetId } from "@parley/schemas";
import { useTranslations } from "use-intl";
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
  const t = useTranslations("Integrations");
  return (
    <div className="flex flex-col gap-1">
      <TextField
        id={id}
        value={value ?? ""}
        placeholder={t("spreadsheetPlaceholder")}
        onChange={(text) => onChange(toSpreadsheetId(text) || undefined)}
      />
      <p className="text-[12px] text-muted">{t("spreadsheetHint")}</p>
    </div>
  );
}
