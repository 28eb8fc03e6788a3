"use client";

import { useFormatter, useTranslations } from "use-intl";
import type { AbTestAnalytics } from "./CanvasAnalyticsContext";

/**
 * Under an AB test block when the Analytics toggle is on: each path's chats and completion rate, and whether
 * path b's difference from a is significant (two-proportion z-test, p < 0.05).
 */
export function AbTestAnalyticsRow({ stats }: { stats: AbTestAnalytics }) {
  const t = useTranslations("AbTestAnalytics");
  const format = useFormatter();
  const { difference, pValue, isSignificant } = stats.completionRate;
  const percent = (rate: number | null) => (rate === null ? "–" : format.number(rate, { style: "percent" }));
  const points =
    difference === null
      ? ""
      : format.number(Math.round(difference * 1000) / 10, {
          signDisplay: "exceptZero",
          maximumFractionDigits: 1,
        });
  const p =
    pValue === null
      ? null
      : pValue < 0.001
        ? `p < ${format.number(0.001)}`
        : `p = ${format.number(pValue, { minimumFractionDigits: 3, maximumFractionDigits: 3 })}`;
  const significant = isSignificant ? "yes" : "no";
  return (
    <div className="mt-2 flex flex-col gap-1 text-[12px]" data-testid="ab-test-analytics">
      <div className="flex flex-wrap items-center gap-2">
        {stats.paths.map((path) => (
          <span key={path.path} className="rounded bg-subtle px-1.5 py-0.5 text-muted">
            {t("path", {
              path: path.path.toUpperCase(),
              chats: path.chats,
              rate: percent(path.completionRate),
            })}
          </span>
        ))}
      </div>
      {difference !== null ? (
        <p className={isSignificant ? "text-ink" : "text-muted"}>
          {p === null
            ? t("comparison", { difference: points, significant })
            : t("comparisonWithP", { difference: points, p, significant })}
        </p>
      ) : null}
    </div>
  );
}
