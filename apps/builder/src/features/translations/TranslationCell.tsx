"use client";

import { type TextStatus, type Translation, toEditableText, toTranslationValue } from "@parley/schemas";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Textarea } from "@/components/ui/Field";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { describePlace, type TranslationRow } from "./translationEditing";

const getStatusLabels = (t: InterfaceTranslator<"TranslationsPage">): Record<TextStatus, string> => ({
  missing: t("statusMissing"),
  machineDraft: t("statusMachineDraft"),
  reviewed: t("statusReviewed"),
});
const statusTones = { missing: "warning", machineDraft: "brand", reviewed: "success" } as const;

export function TranslationStatusBadge({ status }: { status: TextStatus }) {
  const t = useTranslations("TranslationsPage");
  return <Badge tone={statusTones[status]}>{getStatusLabels(t)[status]}</Badge>;
}

/**
 * One text in one language: its status, the translation edited in place (formatting as `<1>` tags, variables as
 * written; saved when the field is left, as reviewed: a person wrote or read it) and "Mark reviewed" for a machine
 * draft. Emptying the field removes the translation (the default language's text is shown again).
 */
export function TranslationCell({
  row,
  language,
  translation,
  canEdit,
  onChange,
}: {
  row: TranslationRow;
  language: string;
  translation: Translation | undefined;
  canEdit: boolean;
  onChange: (translation: Translation | null) => void;
}) {
  const t = useTranslations("TranslationsPage");
  const place = describePlace(row, t("settings"));
  const shown = translation ? toEditableText(translation.value) : "";
  const [text, setText] = useState(shown);
  const [lastShown, setLastShown] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  // A translation changed elsewhere (an import, machine drafts, the canvas) replaces what the field shows.
  if (lastShown !== shown) {
    setLastShown(shown);
    setText(shown);
    setError(null);
  }
  const status = row.statuses[language] ?? "missing";
  const commit = () => {
    if (text === shown) return setError(null);
    if (text.trim() === "") {
      setError(null);
      return onChange(null);
    }
    const converted = toTranslationValue({ kind: "tagged", text }, row.source, row.isRichText);
    if (!converted.ok) return setError(converted.reason);
    setError(null);
    onChange({ value: converted.value, status: "reviewed" });
  };
  return (
    <div className="flex min-w-56 flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <TranslationStatusBadge status={status} />
        {status === "machineDraft" && canEdit ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t("markReviewedLabel", { language, place })}
            onClick={() => translation && onChange({ ...translation, status: "reviewed" })}
          >
            {t("markReviewed")}
          </Button>
        ) : null}
      </div>
      <Textarea
        aria-label={t("translationOf", { language, place })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={text}
        placeholder={toEditableText(row.source)}
        disabled={!canEdit}
        rows={row.isRichText ? 3 : 1}
        className="min-h-9 text-[13px]"
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            commit();
          }
          if (event.key === "Escape") {
            setText(shown);
            setError(null);
          }
        }}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-[12px] text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
