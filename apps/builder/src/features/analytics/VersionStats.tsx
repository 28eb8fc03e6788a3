"use client";

import type { getResultColumns } from "@parley/schemas/management/getResultColumns";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { ErrorState } from "@/components/ui/ErrorState";
import { Field } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { Table, Td, Th } from "@/components/ui/Table";
import { useTRPC } from "@/lib/trpc";
import { CanaryActions } from "./CanaryActions";
import { DropOffFunnel } from "./DropOffFunnel";
import { type RangeSelection, toRangeInput } from "./timeFilters";

const rate = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)} %`);
const points = (value: number) => `${value >= 0 ? "+" : "−"}${Math.abs(value * 100).toFixed(1)}`;

function duration(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

/**
 * Numbers per published version of the period (GET /bots/{botId}/analytics/versions): chats, starts, completion,
 * duration, chats a person answered; while a canary runs, the canary against the current version since it started
 * with the two-proportion z-test, promote and roll back; and the drop-off per input of a chosen version.
 */
export function VersionStats({
  botId,
  range,
  flow,
  canEdit,
}: {
  botId: string;
  range: RangeSelection;
  flow: Parameters<typeof getResultColumns>[0] | undefined;
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const stats = useQuery(trpc.analytics.getVersionStats.queryOptions({ botId, ...toRangeInput(range) }));
  const [shown, setShown] = useState<number | null>(null);
  if (stats.isError) return <ErrorState error={stats.error} onRetry={() => stats.refetch()} />;
  const versions = stats.data?.versions ?? [];
  const canary = stats.data?.canary ?? null;
  const comparison = stats.data?.comparison ?? null;
  const funnelVersion = shown ?? canary?.version ?? versions[0]?.version;
  return (
    <section
      id="versions"
      aria-labelledby="versions-title"
      className="flex min-w-0 flex-col gap-4 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <h3 id="versions-title" className="font-semibold">
        By version
      </h3>
      {comparison && canary ? (
        <div
          className="flex flex-col gap-3 rounded-lg border border-brand-600/30 bg-brand-50 p-3"
          data-testid="canary-comparison"
        >
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone="brand">Canary</Badge>
            <span>
              Version {canary.version} ({canary.percent} % of new chats) against version{" "}
              {canary.currentVersion}, since the canary started: completion{" "}
              {rate(comparison.canary.completionRate)} of{" "}
              {comparison.canary.totalViews.toLocaleString("en-US")} chats against{" "}
              {rate(comparison.current.completionRate)} of{" "}
              {comparison.current.totalViews.toLocaleString("en-US")}.
            </span>
          </p>
          <p className="text-[13px]">
            {comparison.completionRate.difference === null ? (
              "Not enough chats on both versions to compare yet."
            ) : (
              <>
                Difference {points(comparison.completionRate.difference)} points
                {comparison.completionRate.confidenceInterval95
                  ? ` (95 % interval ${points(comparison.completionRate.confidenceInterval95[0])} to ${points(comparison.completionRate.confidenceInterval95[1])})`
                  : ""}
                ; two-proportion z-test{" "}
                {comparison.completionRate.pValue === null
                  ? "not applicable (no variation)"
                  : `p = ${comparison.completionRate.pValue.toFixed(3)}`}
                :{" "}
                <strong>
                  {comparison.completionRate.isSignificant
                    ? "a real difference (p < 0.05)"
                    : "not significant: it may be chance"}
                </strong>
                .
              </>
            )}
          </p>
          {canEdit ? <CanaryActions botId={botId} version={canary.version} /> : null}
        </div>
      ) : null}
      <div className="overflow-x-auto" aria-busy={stats.isPending}>
        {versions.length === 0 && !stats.isPending ? (
          <p className="text-muted">No chats on a published version in this period.</p>
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>Version</Th>
                <Th className="text-right">Chats</Th>
                <Th className="text-right">Starts</Th>
                <Th className="text-right">Completion rate</Th>
                <Th className="text-right">Average duration</Th>
                <Th className="text-right">Answered by a person</Th>
              </tr>
            </thead>
            <tbody>
              {versions.map((row) => (
                <tr key={row.version} data-testid={`version-row-${row.version}`}>
                  <Td>
                    <span className="flex items-center gap-2">
                      Version {row.version}
                      {canary?.version === row.version ? <Badge tone="brand">Canary</Badge> : null}
                      {canary?.currentVersion === row.version ? <Badge>Current</Badge> : null}
                    </span>
                  </Td>
                  <Td className="text-right tabular-nums">{row.totalViews.toLocaleString("en-US")}</Td>
                  <Td className="text-right tabular-nums">{row.totalStarts.toLocaleString("en-US")}</Td>
                  <Td className="text-right tabular-nums">{rate(row.completionRate)}</Td>
                  <Td className="text-right tabular-nums">{duration(row.averageDurationSeconds)}</Td>
                  <Td className="text-right tabular-nums">{rate(row.answeredByHumanRate)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
      {funnelVersion !== undefined && versions.length > 0 ? (
        <div className="flex flex-col gap-3">
          <Field label="Drop-off of version" className="w-56">
            {(id) => (
              <Select
                id={id}
                value={String(funnelVersion)}
                onChange={(event) => setShown(Number(event.target.value))}
                options={versions.map((row) => ({
                  value: String(row.version),
                  label: `Version ${row.version}`,
                }))}
              />
            )}
          </Field>
          <DropOffFunnel
            botId={botId}
            flow={flow}
            range={range}
            version={funnelVersion}
            title={`Drop-off by input, version ${funnelVersion}`}
          />
        </div>
      ) : null}
    </section>
  );
}
