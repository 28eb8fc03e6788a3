"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";
import { getBrowserTimeZone, type TimeFilter } from "./timeFilters";

/**
 * Per-group reach and per-input drop-off of a bot for the editor's analytics overlay:
 * `{ totalViews, groups: [{groupId, reached}], inputs: [{blockId, groupId, reached, answered,
 * dropOff, dropOffRate}] }` in the browser's time zone.
 */
export function useFlowAnalytics(botId: string, timeFilter: TimeFilter, isEnabled = true) {
  const trpc = useTRPC();
  return useQuery(
    trpc.analytics.getFlowAnalytics.queryOptions(
      { botId, timeFilter, timeZone: getBrowserTimeZone() },
      { enabled: isEnabled },
    ),
  );
}
