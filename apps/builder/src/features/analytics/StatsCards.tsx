"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorState } from "@/components/ui/ErrorState";
import { useTRPC } from "@/lib/trpc";
import { type RangeSelection, toRangeInput } from "./timeFilters";

/** Views, starts, completions and completion rate of a bot over the chosen period. */
export function StatsCards({ botId, range }: { botId: string; range: RangeSelection }) {
  const trpc = useTRPC();
  const stats = useQuery(trpc.analytics.getStats.queryOptions({ botId, ...toRangeInput(range) }));
  if (stats.isError) return <ErrorState error={stats.error} onRetry={() => stats.refetch()} />;
  const data = stats.data?.stats;
  const rate = data && data.totalViews > 0 ? Math.round((data.totalCompleted / data.totalViews) * 100) : null;
  const cards = [
    { label: "Views", value: data?.totalViews, hint: "Chats opened" },
    { label: "Starts", value: data?.totalStarts, hint: "Answered at least once" },
    { label: "Completed", value: data?.totalCompleted, hint: "Reached the end" },
    {
      label: "Completion rate",
      value: rate === null ? (data ? "—" : undefined) : `${rate}%`,
      hint: "Completed / views",
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={stats.isPending}>
      {cards.map((card) => (
        <div
          key={card.label}
          className="flex flex-col gap-1 rounded-card border border-line bg-surface p-4 shadow-card"
        >
          <dt className="text-[13px] font-medium text-muted">{card.label}</dt>
          <dd
            className="text-2xl font-semibold tabular-nums"
            data-testid={`stat-${card.label.toLowerCase().replace(/ /g, "-")}`}
          >
            {card.value === undefined ? (
              <span className="inline-block h-7 w-12 animate-pulse rounded bg-subtle" />
            ) : typeof card.value === "number" ? (
              card.value.toLocaleString("en-US")
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
