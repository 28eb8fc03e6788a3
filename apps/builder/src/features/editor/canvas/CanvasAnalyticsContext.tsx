"use client";

import { createContext, useContext } from "react";

/**
 * Reach and drop-off figures shown on the canvas when the Analytics toggle is on; the
 * shape of GET /bots/{botId}/analytics/flow (`analytics.groups` / `analytics.inputs` / `analytics.abTests`).
 */
export interface FlowAnalytics {
  totalViews: number;
  groups: { groupId: string; reached: number }[];
  inputs: { blockId: string; reached: number; answered: number; dropOff: number; dropOffRate: number }[];
  abTests: AbTestAnalytics[];
}

/** An AB test block's paths (`analytics.abTests`): chats, completion and path b compared with a. */
export interface AbTestAnalytics {
  blockId: string;
  paths: { path: "a" | "b"; chats: number; completed: number | null; completionRate: number | null }[];
  completionRate: { difference: number | null; pValue: number | null; isSignificant: boolean };
}

export interface CanvasAnalytics {
  totalViews: number;
  reachByGroup: ReadonlyMap<string, number>;
  inputByBlock: ReadonlyMap<string, FlowAnalytics["inputs"][number]>;
  abTestByBlock: ReadonlyMap<string, AbTestAnalytics>;
}

export function toCanvasAnalytics(analytics: FlowAnalytics): CanvasAnalytics {
  return {
    totalViews: analytics.totalViews,
    reachByGroup: new Map(analytics.groups.map((group) => [group.groupId, group.reached])),
    inputByBlock: new Map(analytics.inputs.map((input) => [input.blockId, input])),
    abTestByBlock: new Map(analytics.abTests.map((abTest) => [abTest.blockId, abTest])),
  };
}

export const CanvasAnalyticsContext = createContext<CanvasAnalytics | null>(null);

export function useCanvasAnalytics(): CanvasAnalytics | null {
  return useContext(CanvasAnalyticsContext);
}
