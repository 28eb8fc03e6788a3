"use client";

import { useTranslations } from "use-intl";
import type { UntranslatedText } from "../languages/translatedView";

/**
 * On a block while the canvas shows another language: how many of its texts are not translated (shown in the
 * default language) or only machine drafts; its tooltip and accessible name list them.
 */
export function UntranslatedBadge({ texts }: { texts: readonly UntranslatedText[] | undefined }) {
  const t = useTranslations("CanvasLanguage");
  if (!texts || texts.length === 0) return null;
  const missing = texts.filter((text) => text.status === "missing");
  const label =
    missing.length > 0
      ? t("badgeMissing", { count: missing.length, fields: missing.map((text) => text.field).join(", ") })
      : t("badgeDrafts", { fields: texts.map((text) => text.field).join(", ") });
  return (
    <span
      role="img"
      data-testid="untranslated"
      data-status={missing.length > 0 ? "missing" : "machineDraft"}
      aria-label={label}
      title={label}
      className={
        missing.length > 0
          ? "shrink-0 rounded-full bg-warning-50 px-1.5 py-0.5 text-[11px] font-semibold text-warning-600"
          : "shrink-0 rounded-full bg-subtle px-1.5 py-0.5 text-[11px] font-semibold text-muted"
      }
    >
      {missing.length > 0 ? t("untranslatedCount", { count: missing.length }) : t("badgeDraftShort")}
    </span>
  );
}
