"use client";

import type { AbTestAnalytics } from "./CanvasAnalyticsContext";

const percent = (rate: number | null) => (rate === null ? "–" : `${Math.round(rate * 100)}%`);

/**
 * Under an AB test block when the Analytics toggle is on: each path's chats and completion rate, and whether
 * path b's difference from a is significant (two-proportion z-test, p < 0.05).
 */
export function AbTestAnalyticsRow({ stats }: { stats: AbTestAnalytics }) {
  const { difference, pValue, isSignificant } = stats.completionRate;
  return (
    <div className="mt-2 flex flex-col gap-1 text-[12px]" data-testid="ab-test-analytics">
      <div className="flex flex-wrap items-center gap-2">
        {stats.paths.map((path) => (
          <span key={path.path} className="rounded bg-subtle px-1.5 py-0.5 text-muted">
            {path.path.toUpperCase()}: {path.chats} chats, {percent(path.completionRate)} completed
          </span>
        ))}
      </div>
      {difference !== null ? (
        <p className={isSignificant ? "text-ink" : "text-muted"}>
          B − A: {difference >= 0 ? "+" : ""}
          {Math.round(difference * 1000) / 10} pts
          {pValue === null ? "" : pValue < 0.001 ? ", p < 0.001" : `, p = ${pValue.toFixed(3)}`}
          {isSignificant ? " (significant)" : " (not significant)"}
        </p>
      ) : null}
    </div>
  );
}
