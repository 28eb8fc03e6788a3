"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "use-intl";
import { Select } from "@/components/ui/Select";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";

/**
 * The sheet (tab) of a Google Sheets block, chosen among those Google lists for the spreadsheet through the
 * block's credentials; the block stores the sheet's numeric id, as Typebot does.
 */
export function SheetPicker({
  id,
  options,
  value,
  onChange,
}: {
  id?: string;
  options: Record<string, unknown>;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const trpc = useTRPC();
  const t = useTranslations("Integrations");
  const { workspaceId, canEdit } = useBotHeader();
  const credentialsId = typeof options.credentialsId === "string" ? options.credentialsId : undefined;
  const spreadsheet = typeof options.spreadsheetId === "string" ? options.spreadsheetId : "";
  // A spreadsheet given by a variable is only known in a chat.
  const isReady = canEdit && credentialsId !== undefined && spreadsheet !== "" && !spreadsheet.includes("{{");
  const sheets = useQuery(
    trpc.integrations.listGoogleSheets.queryOptions(
      { workspaceId, credentialsId: credentialsId ?? "", spreadsheet },
      { enabled: isReady, retry: false, staleTime: 60_000 },
    ),
  );
  const listed = sheets.data?.sheets ?? [];
  const isKnown = !value || listed.some((sheet) => sheet.id === value);
  return (
    <div className="flex flex-col gap-1">
      <Select
        id={id}
        value={value ?? ""}
        disabled={!canEdit}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{t("chooseSheet")}</option>
        {listed.map((sheet) => (
          <option key={sheet.id} value={sheet.id}>
            {sheet.title}
          </option>
        ))}
        {!isKnown ? <option value={value}>{t("sheetWithId", { id: value ?? "" })}</option> : null}
      </Select>
      <p className="text-[12px] text-muted" data-testid="sheet-list-status">
        {!isReady
          ? t("sheetsNeedSpreadsheet")
          : sheets.isLoading
            ? t("sheetsLoading")
            : sheets.error
              ? t("sheetsFailed", { reason: getErrorMessage(sheets.error) })
              : t("sheetsCount", { count: listed.length })}
      </p>
    </div>
  );
}
