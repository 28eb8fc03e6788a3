"use client";

import { getResultColumns } from "@parley/schemas/management/getResultColumns";
import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "use-intl";
import { ErrorState } from "@/components/ui/ErrorState";
import { Spinner } from "@/components/ui/Spinner";
import { useTRPC } from "@/lib/trpc";
import { type RangeSelection, toRangeInput } from "./timeFilters";

const percent = (value: number) => `${Math.round(value * 100)}%`; // a CSS width

/**
 * The drop-off funnel: each input block of the flow, in flow order, with the chats that reached
 * it, answered it and stopped there (GET /bots/{botId}/analytics/flow), as bars scaled on the views.
 */
export function DropOffFunnel({
  botId,
  flow,
  range,
  version,
  title,
}: {
  botId: string;
  flow: Parameters<typeof getResultColumns>[0] | undefined;
  range: RangeSelection;
  /** Only the chats of this published version, on its flow. */
  version?: number;
  title?: string;
}) {
  const t = useTranslations("DropOffFunnel");
  const format = useFormatter();
  const trpc = useTRPC();
  const analytics = useQuery(
    trpc.analytics.getFlowAnalytics.queryOptions({
      botId,
      ...toRangeInput(range),
      ...(version !== undefined ? { version } : {}),
    }),
  );
  const titleId = version !== undefined ? `funnel-title-${version}` : "funnel-title";
  if (analytics.isError) return <ErrorState error={analytics.error} onRetry={() => analytics.refetch()} />;
  const data = analytics.data?.analytics;
  const names = new Map(
    (flow ? getResultColumns(flow, []) : []).flatMap((column) =>
      column.kind === "answer" ? [[column.blockId, column.header] as const] : [],
    ),
  );
  return (
    <section
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <h3 id={titleId} className="font-semibold">
        {title ?? t("title")}
      </h3>
      {!data || !flow ? (
        <div className="flex h-40 items-center justify-center">
          <Spinner label={t("loading")} />
        </div>
      ) : data.inputs.length === 0 ? (
        <p className="text-muted">{t("empty")}</p>
      ) : (
        <ol
          className="flex flex-col gap-3"
          aria-label={version !== undefined ? t("listOfVersion", { version }) : t("list")}
        >
          {data.inputs.map((input) => {
            const share = data.totalViews === 0 ? 0 : input.reached / data.totalViews;
            const answeredShare = data.totalViews === 0 ? 0 : input.answered / data.totalViews;
            const name = names.get(input.blockId) ?? t("input");
            return (
              <li key={input.blockId} className="flex flex-col gap-1" data-testid="funnel-step">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium">{name}</span>
                  <span className="shrink-0 text-[13px] text-muted tabular-nums">
                    {t("reached", { count: input.reached })} · {t("answered", { count: input.answered })} ·{" "}
                    <span className={input.dropOff > 0 ? "text-danger-600" : undefined}>
                      {t("dropped", {
                        count: input.dropOff,
                        rate: format.number(input.dropOffRate, { style: "percent" }),
                      })}
                    </span>
                  </span>
                </div>
                <div className="relative h-2.5 overflow-hidden rounded-full bg-subtle" aria-hidden>
                  <div className="absolute inset-y-0 left-0 bg-brand-100" style={{ width: percent(share) }} />
                  <div
                    className="absolute inset-y-0 left-0 bg-brand-600"
                    style={{ width: percent(answeredShare) }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {data ? <p className="text-[12px] text-faint">{t("legend", { count: data.totalViews })}</p> : null}
    </section>
  );
}
