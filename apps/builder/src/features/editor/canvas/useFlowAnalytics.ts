"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTRPC } from "@/lib/trpc";
import { getBrowserTimeZone } from "../../analytics/timeFilters";
import type { AnalyticsTimeFilter } from "../toolbar/CanvasToolbar";
import { type CanvasAnalytics, toCanvasAnalytics } from "./CanvasAnalyticsContext";

/** The analytics overlay: off by default; on, it loads reach and drop-off for the chosen period. */
export function useFlowAnalytics(botId: string) {
  const trpc = useTRPC();
  const [isOn, setOn] = useState(false);
  const [timeFilter, setTimeFilter] = useState<AnalyticsTimeFilter>("last7Days");
  const query = useQuery({
    ...trpc.analytics.getFlowAnalytics.queryOptions({ botId, timeFilter, timeZone: getBrowserTimeZone() }),
    enabled: isOn,
  });
  const canvasAnalytics: CanvasAnalytics | null = useMemo(
    () => (isOn && query.data ? toCanvasAnalytics(query.data.analytics) : null),
    [isOn, query.data],
  );
  return {
    canvasAnalytics,
    toolbar: {
      isOn,
      onToggle: setOn,
      timeFilter,
      onTimeFilterChange: setTimeFilter,
      totalViews: query.data?.analytics.totalViews ?? null,
      isLoading: query.isLoading && isOn,
    },
  };
}
