"use client";

import type { getResultColumns } from "@parley/schemas/management/getResultColumns";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { ErrorState } from "@/components/ui/ErrorState";
import { Field } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { Table, Td, Th } from "@/components/ui/Table";
import { useTRPC } from "@/lib/trpc";
import { CanaryActions } from "./CanaryActions";
import { DropOffFunnel } from "./DropOffFunnel";
import { type RangeSelection, toRangeInput } from "./timeFilters";

/** The numbers of the table and the comparison, in the interface language's number format. */
function useVersionFormats() {
  const format = useFormatter();
  const t = useTranslations("VersionStats");
  return {
    count: (value: number) => format.number(value),
    rate: (value: number | null) =>
      value === null
        ? "—"
        : format.number(value, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    points: (value: number) =>
      format.number(value * 100, {
        signDisplay: "always",
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }),
    duration: (seconds: number | null) => {
      if (seconds === null) return "—";
      if (seconds < 60) return t("seconds", { seconds: Math.round(seconds) });
      const minutes = Math.floor(seconds / 60);
      return t("minutesSeconds", { minutes, seconds: Math.round(seconds - minutes * 60) });
    },
  };
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
  const t = useTranslations("VersionStats");
  const { count, rate, points, duration } = useVersionFormats();
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
        {t("title")}
      </h3>
      {comparison && canary ? (
        <div
          className="flex flex-col gap-3 rounded-lg border border-brand-600/30 bg-brand-50 p-3"
          data-testid="canary-comparison"
        >
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone="brand">{t("canary")}</Badge>
            <span>
              {t("comparison", {
                version: canary.version,
                percent: canary.percent,
                currentVersion: canary.currentVersion,
                canaryRate: rate(comparison.canary.completionRate),
                canaryChats: count(comparison.canary.totalViews),
                currentRate: rate(comparison.current.completionRate),
                currentChats: count(comparison.current.totalViews),
              })}
            </span>
          </p>
          <p className="text-[13px]">
            {comparison.completionRate.difference === null ? (
              t("notEnough")
            ) : (
              <>
                {t("difference", { points: points(comparison.completionRate.difference) })}
                {comparison.completionRate.confidenceInterval95
                  ? ` ${t("interval", {
                      from: points(comparison.completionRate.confidenceInterval95[0]),
                      to: points(comparison.completionRate.confidenceInterval95[1]),
                    })}`
                  : ""}
                ; {t("zTest")}{" "}
                {comparison.completionRate.pValue === null
                  ? t("notApplicable")
                  : `p = ${comparison.completionRate.pValue.toFixed(3)}`}
                :{" "}
                <strong>
                  {comparison.completionRate.isSignificant ? t("significant") : t("notSignificant")}
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
          <p className="text-muted">{t("empty")}</p>
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>{t("version")}</Th>
                <Th className="text-right">{t("chats")}</Th>
                <Th className="text-right">{t("starts")}</Th>
                <Th className="text-right">{t("rate")}</Th>
                <Th className="text-right">{t("duration")}</Th>
                <Th className="text-right">{t("byPerson")}</Th>
              </tr>
            </thead>
            <tbody>
              {versions.map((row) => (
                <tr key={row.version} data-testid={`version-row-${row.version}`}>
                  <Td>
                    <span className="flex items-center gap-2">
                      {t("versionNumber", { version: row.version })}
                      {canary?.version === row.version ? <Badge tone="brand">{t("canary")}</Badge> : null}
                      {canary?.currentVersion === row.version ? <Badge>{t("current")}</Badge> : null}
                    </span>
                  </Td>
                  <Td className="text-right tabular-nums">{count(row.totalViews)}</Td>
                  <Td className="text-right tabular-nums">{count(row.totalStarts)}</Td>
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
          <Field label={t("dropOffOf")} className="w-56">
            {(id) => (
              <Select
                id={id}
                value={String(funnelVersion)}
                onChange={(event) => setShown(Number(event.target.value))}
                options={versions.map((row) => ({
                  value: String(row.version),
                  label: t("versionNumber", { version: row.version }),
                }))}
              />
            )}
          </Field>
          <DropOffFunnel
            botId={botId}
            flow={flow}
            range={range}
            version={funnelVersion}
            title={t("funnelTitle", { version: funnelVersion })}
          />
        </div>
      ) : null}
    </section>
  );
}
