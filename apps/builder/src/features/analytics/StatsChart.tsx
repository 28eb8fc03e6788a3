"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { ErrorState } from "@/components/ui/ErrorState";
import { Spinner } from "@/components/ui/Spinner";
import { useTRPC } from "@/lib/trpc";
import type { ChartPoint } from "./drawStatsChart";
import { type RangeSelection, toRangeInput } from "./timeFilters";

/**
 * Views, starts, completions and the completion rate of the period over time (per hour under
 * 3 days, else per day), drawn with uPlot, loaded with this section only; the same numbers in
 * a table below for screen readers and copying.
 */
export function StatsChart({ botId, range }: { botId: string; range: RangeSelection }) {
  const t = useTranslations("StatsChart");
  const format = useFormatter();
  const trpc = useTRPC();
  // The previous period's chart stays (and the numbers table open) while the next one loads.
  const series = useQuery(
    trpc.analytics.getSeries.queryOptions(
      { botId, ...toRangeInput(range) },
      { placeholderData: keepPreviousData },
    ),
  );
  const container = useRef<HTMLDivElement>(null);
  const [drawError, setDrawError] = useState<Error | null>(null);
  const data = series.data?.series;
  const points = useMemo<ChartPoint[]>(
    () =>
      (data?.points ?? []).map((point) => ({
        time: new Date(point.startsAt).getTime() / 1000,
        views: point.views,
        starts: point.starts,
        completed: point.completed,
        completionRate: point.completionRate === null ? null : point.completionRate * 100,
      })),
    [data],
  );

  const interval = data?.interval;
  const labels = useMemo(
    () => ({
      time: interval === "hour" ? t("hour") : t("day"),
      views: t("views"),
      starts: t("starts"),
      completed: t("completed"),
      completionRate: t("rate"),
      formatCount: (value: number) => format.number(value),
      formatRate: (percent: number) => format.number(percent / 100, { style: "percent" }),
    }),
    [t, format, interval],
  );

  useEffect(() => {
    const element = container.current;
    if (!element || !data || points.length === 0) return;
    let remove: (() => void) | undefined;
    let isCancelled = false;
    import("./drawStatsChart")
      .then(({ drawStatsChart }) => {
        if (!isCancelled) remove = drawStatsChart(element, points, data.interval, labels);
      })
      .catch((error: Error) => setDrawError(error));
    return () => {
      isCancelled = true;
      remove?.();
    };
  }, [points, data, labels]);

  if (series.isError) return <ErrorState error={series.error} onRetry={() => series.refetch()} />;
  if (drawError) return <ErrorState error={drawError} onRetry={() => setDrawError(null)} />;
  const totals = points.reduce(
    (sum, point) => ({ views: sum.views + point.views, completed: sum.completed + point.completed }),
    { views: 0, completed: 0 },
  );
  return (
    <section
      aria-labelledby="stats-chart-title"
      aria-busy={series.isPlaceholderData}
      className="flex min-w-0 flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <h3 id="stats-chart-title" className="font-semibold">
        {t("title")}
        {data ? (
          <span className="font-normal text-muted">
            {" "}
            · {data.interval === "hour" ? t("perHour") : t("perDay")}
          </span>
        ) : null}
      </h3>
      {!data ? (
        <div className="flex h-60 items-center justify-center">
          <Spinner label={t("loading")} />
        </div>
      ) : points.length === 0 ? (
        <p className="text-muted">{t("empty")}</p>
      ) : (
        <>
          <div
            ref={container}
            role="img"
            aria-label={
              data.interval === "hour"
                ? t("chartLabelHours", {
                    views: totals.views,
                    completed: totals.completed,
                    count: points.length,
                  })
                : t("chartLabelDays", {
                    views: totals.views,
                    completed: totals.completed,
                    count: points.length,
                  })
            }
            data-testid="stats-chart"
            className="min-h-60 w-full"
          />
          <details className="text-[13px]">
            <summary className="cursor-pointer text-muted hover:text-ink">{t("showNumbers")}</summary>
            <div className="mt-2 max-h-64 overflow-y-auto">
              <table className="w-full text-left tabular-nums" aria-label={t("tableLabel")}>
                <thead>
                  <tr className="text-muted">
                    <th className="py-1 pr-3 font-medium">{labels.time}</th>
                    <th className="py-1 pr-3 font-medium">{labels.views}</th>
                    <th className="py-1 pr-3 font-medium">{labels.starts}</th>
                    <th className="py-1 pr-3 font-medium">{labels.completed}</th>
                    <th className="py-1 font-medium">{labels.completionRate}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.points.map((point) => (
                    <tr key={point.date} className="border-t border-line">
                      <td className="py-1 pr-3">{point.date.replace("T", " ")}</td>
                      <td className="py-1 pr-3">{point.views}</td>
                      <td className="py-1 pr-3">{point.starts}</td>
                      <td className="py-1 pr-3">{point.completed}</td>
                      <td className="py-1">
                        {point.completionRate === null
                          ? "–"
                          : labels.formatRate(Math.round(point.completionRate * 100))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
