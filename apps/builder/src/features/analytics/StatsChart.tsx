"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
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

  useEffect(() => {
    const element = container.current;
    if (!element || !data || points.length === 0) return;
    let remove: (() => void) | undefined;
    let isCancelled = false;
    import("./drawStatsChart")
      .then(({ drawStatsChart }) => {
        if (!isCancelled) remove = drawStatsChart(element, points, data.interval);
      })
      .catch((error: Error) => setDrawError(error));
    return () => {
      isCancelled = true;
      remove?.();
    };
  }, [points, data]);

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
        Over time{data ? <span className="font-normal text-muted"> · per {data.interval}</span> : null}
      </h3>
      {!data ? (
        <div className="flex h-60 items-center justify-center">
          <Spinner label="Loading the chart" />
        </div>
      ) : points.length === 0 ? (
        <p className="text-muted">No chats in this period yet.</p>
      ) : (
        <>
          <div
            ref={container}
            role="img"
            aria-label={`Chart of views, starts, completions and completion rate per ${data.interval}: ${totals.views} views and ${totals.completed} completions over ${points.length} ${data.interval}s`}
            data-testid="stats-chart"
            className="min-h-60 w-full"
          />
          <details className="text-[13px]">
            <summary className="cursor-pointer text-muted hover:text-ink">Show the numbers</summary>
            <div className="mt-2 max-h-64 overflow-y-auto">
              <table className="w-full text-left tabular-nums" aria-label="Chats over time">
                <thead>
                  <tr className="text-muted">
                    <th className="py-1 pr-3 font-medium">{data.interval === "hour" ? "Hour" : "Day"}</th>
                    <th className="py-1 pr-3 font-medium">Views</th>
                    <th className="py-1 pr-3 font-medium">Starts</th>
                    <th className="py-1 pr-3 font-medium">Completed</th>
                    <th className="py-1 font-medium">Completion rate</th>
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
                        {point.completionRate === null ? "–" : `${Math.round(point.completionRate * 100)}%`}
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
