"use client";

import { createContext, useContext } from "react";

/**
 * Reach and drop-off figures shown on the canvas when the Analytics toggle is on; the
 * shape of GET /bots/{botId}/analytics/flow (`analytics.groups` / `analytics.inputs`).
 */
export interface FlowAnalytics {
  totalViews: number;
  groups: { groupId: string; reached: number }[];
  inputs: { blockId: string; reached: number; answered: number; dropOff: number; dropOffRate: number }[];
}

export interface CanvasAnalytics {
  totalViews: number;
  reachByGroup: ReadonlyMap<string, number>;
  inputByBlock: ReadonlyMap<string, FlowAnalytics["inputs"][number]>;
}

export function toCanvasAnalytics(analytics: FlowAnalytics): CanvasAnalytics {
  return {
    totalViews: analytics.totalViews,
    reachByGroup: new Map(analytics.groups.map((group) => [group.groupId, group.reached])),
    inputByBlock: new Map(analytics.inputs.map((input) => [input.blockId, input])),
  };
}

export const CanvasAnalyticsContext = createContext<CanvasAnalytics | null>(null);

export function useCanvasAnalytics(): CanvasAnalytics | null {
  return useContext(CanvasAnalyticsContext);
}
