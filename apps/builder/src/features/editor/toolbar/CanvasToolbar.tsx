"use client";

import { ChartBar, FlaskConical, Variable } from "lucide-react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import type { TimeFilter } from "../../analytics/timeFilters";
import { useTimeFilterOptions } from "../../analytics/useTimeFilterOptions";
import { LanguageSwitcher } from "../languages/LanguageSwitcher";
import { useEditor, useEditorStore } from "../store/EditorStoreContext";
import { ChangesToggle } from "./ChangesToggle";

// One list of periods for the canvas overlay and the results page.
export type AnalyticsTimeFilter = TimeFilter;

/**
 * Buttons floating over the canvas: the variables manager, the tests, the analytics overlay, the draft's changes
 * and, for a bot with languages, the language the canvas shows.
 */
export function CanvasToolbar({
  botId,
  analytics,
}: {
  botId: string;
  analytics: {
    isOn: boolean;
    onToggle: (isOn: boolean) => void;
    timeFilter: AnalyticsTimeFilter;
    onTimeFilterChange: (timeFilter: AnalyticsTimeFilter) => void;
    totalViews: number | null;
    isLoading: boolean;
  };
}) {
  const t = useTranslations("CanvasToolbar");
  const analyticsTimeFilters = useTimeFilterOptions();
  const store = useEditorStore();
  const isVariablesOpen = useEditor((state) => state.panel === "variables");
  const isTestsOpen = useEditor((state) => state.panel === "tests");
  const buttonClass = (isActive: boolean) =>
    cn(
      "flex h-8 items-center gap-1.5 rounded-lg border px-3 text-[13px] font-medium shadow-card transition-colors",
      isActive
        ? "border-brand-500 bg-brand-50 text-brand-700"
        : "border-line bg-surface text-ink hover:bg-subtle",
    );
  return (
    <div className="absolute top-3 left-3 z-10 flex items-center gap-2">
      <button
        type="button"
        aria-pressed={isVariablesOpen}
        className={buttonClass(isVariablesOpen)}
        onClick={() => store.getState().openPanel(isVariablesOpen ? null : "variables")}
      >
        <Variable size={15} /> {t("variables")}
      </button>
      <button
        type="button"
        aria-pressed={isTestsOpen}
        className={buttonClass(isTestsOpen)}
        onClick={() => (isTestsOpen ? store.getState().openPanel(null) : store.getState().openTest(null))}
      >
        <FlaskConical size={15} /> {t("tests")}
      </button>
      <button
        type="button"
        aria-pressed={analytics.isOn}
        className={buttonClass(analytics.isOn)}
        onClick={() => analytics.onToggle(!analytics.isOn)}
      >
        <ChartBar size={15} /> {t("analytics")}
      </button>
      {analytics.isOn ? (
        <div className="flex h-8 items-center gap-2 rounded-lg border border-line bg-surface px-2 text-[13px] shadow-card">
          <select
            aria-label={t("analyticsPeriod")}
            value={analytics.timeFilter}
            onChange={(event) => {
              const chosen = analyticsTimeFilters.find((filter) => filter.value === event.target.value);
              if (chosen) analytics.onTimeFilterChange(chosen.value);
            }}
            className="bg-transparent outline-none"
          >
            {analyticsTimeFilters.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
          <span className="text-muted" data-testid="analytics-views">
            {analytics.isLoading ? t("loading") : t("views", { count: analytics.totalViews ?? 0 })}
          </span>
        </div>
      ) : null}
      <ChangesToggle botId={botId} buttonClass={buttonClass} />
      <LanguageSwitcher />
    </div>
  );
}
