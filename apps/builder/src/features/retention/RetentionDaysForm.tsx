"use client";

import { maxRetentionDays } from "@parley/schemas/management/retention";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { NumberField } from "@/components/ui/NumberField";

/**
 * A retention in days with its Save button: empty means `emptyMeaning` (off, or the workspace's). Only
 * admins change it; the others see the value.
 */
export function RetentionDaysForm({
  value,
  emptyMeaning,
  hint,
  canChange,
  isSaving,
  onSave,
}: {
  value: number | null;
  emptyMeaning: string;
  hint: string;
  canChange: boolean;
  isSaving: boolean;
  onSave: (days: number | null) => void;
}) {
  const t = useTranslations("Retention");
  const [days, setDays] = useState(value);
  useEffect(() => setDays(value), [value]);
  const isValid = days === null || (Number.isInteger(days) && days >= 1 && days <= maxRetentionDays);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isValid) onSave(days);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <fieldset disabled={!canChange} className="flex flex-col gap-4">
        <legend className="sr-only">{t("title")}</legend>
        <NumberField
          label={t("deleteOlderThan")}
          unit={t("days")}
          value={days}
          onChange={setDays}
          placeholder={emptyMeaning}
          min={1}
          max={maxRetentionDays}
          hint={isValid ? hint : t("invalid", { max: maxRetentionDays })}
          className="max-w-xs"
        />
      </fieldset>
      {canChange ? (
        <Button
          type="submit"
          variant="primary"
          className="self-start"
          disabled={days === value || !isValid || isSaving}
        >
          {isSaving ? t("saving") : t("save")}
        </Button>
      ) : (
        <p className="text-[13px] text-muted">{t("adminsOnly")}</p>
      )}
    </form>
  );
}
