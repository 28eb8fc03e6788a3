"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "use-intl";
import { ErrorState } from "@/components/ui/ErrorState";
import { useTRPC } from "@/lib/trpc";
import { type RangeSelection, toRangeInput } from "./timeFilters";

/** Views, starts, completions and completion rate of a bot over the chosen period. */
export function StatsCards({ botId, range }: { botId: string; range: RangeSelection }) {
  const t = useTranslations("StatsCards");
  const format = useFormatter();
  const trpc = useTRPC();
  const stats = useQuery(trpc.analytics.getStats.queryOptions({ botId, ...toRangeInput(range) }));
  if (stats.isError) return <ErrorState error={stats.error} onRetry={() => stats.refetch()} />;
  const data = stats.data?.stats;
  const rate = data && data.totalViews > 0 ? Math.round((data.totalCompleted / data.totalViews) * 100) : null;
  const cards = [
    { id: "views", label: t("views"), value: data?.totalViews, hint: t("viewsHint") },
    { id: "starts", label: t("starts"), value: data?.totalStarts, hint: t("startsHint") },
    { id: "completed", label: t("completed"), value: data?.totalCompleted, hint: t("completedHint") },
    {
      id: "completion-rate",
      label: t("rate"),
      value: rate === null ? (data ? "—" : undefined) : format.number(rate / 100, { style: "percent" }),
      hint: t("rateHint"),
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={stats.isPending}>
      {cards.map((card) => (
        <div
          key={card.id}
          className="flex flex-col gap-1 rounded-card border border-line bg-surface p-4 shadow-card"
        >
          <dt className="text-[13px] font-medium text-muted">{card.label}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid={`stat-${card.id}`}>
            {card.value === undefined ? (
              <span className="inline-block h-7 w-12 animate-pulse rounded bg-subtle" />
            ) : typeof card.value === "number" ? (
              format.number(card.value)
            ) : (
              card.value
            )}
          </dd>
          <dd className="text-[12px] text-faint">{card.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
