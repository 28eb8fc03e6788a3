"use client";

import { type ResultLog, resultLogStatuses } from "@parley/schemas/management/results";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ErrorState } from "@/components/ui/ErrorState";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Spinner } from "@/components/ui/Spinner";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";

type StatusFilter = "all" | ResultLog["status"];

const statusTones = { error: "danger", success: "success", info: "neutral" } as const;

/** The logs of one result (what its blocks reported), oldest first, filterable by status. */
export function ResultLogs({ botId, resultId }: { botId: string; resultId: string }) {
  const t = useTranslations("ResultLogs");
  const dates = useDateFormat();
  const statusLabels: Record<ResultLog["status"], string> = {
    error: t("error"),
    success: t("success"),
    info: t("info"),
  };
  const filterOptions: readonly { value: StatusFilter; label: string }[] = [
    { value: "all", label: t("all") },
    ...resultLogStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
  ];
  const trpc = useTRPC();
  const [status, setStatus] = useState<StatusFilter>("all");
  const logs = useInfiniteQuery(
    trpc.results.listResultLogs.infiniteQueryOptions(
      { botId, resultId, limit: 100, ...(status === "all" ? {} : { status }) },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const loaded = logs.data?.pages.flatMap((page) => page.logs) ?? [];
  return (
    <section aria-labelledby="logs-title" className="flex flex-col gap-2" data-testid="result-logs">
      <h3 id="logs-title" className="text-[13px] font-semibold tracking-wide text-muted uppercase">
        {t("title")}
      </h3>
      <SegmentedControl label={t("status")} value={status} options={filterOptions} onChange={setStatus} />
      {logs.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t("loading")} />
        </div>
      ) : logs.isError ? (
        <ErrorState error={logs.error} onRetry={() => logs.refetch()} />
      ) : loaded.length === 0 ? (
        <p className="text-muted">{status === "all" ? t("none") : t("noneWithStatus")}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {loaded.map((log) => (
            <li key={log.id} className="flex flex-col gap-1 rounded-lg border border-line px-3 py-2">
              <div className="flex items-center gap-2">
                <Badge tone={statusTones[log.status]}>{statusLabels[log.status]}</Badge>
                <span className="min-w-0 flex-1 break-words">{log.description}</span>
              </div>
              <span className="text-[12px] text-muted">
                {dates.dateTime(log.createdAt)}
                {log.context ? ` · ${log.context}` : ""}
              </span>
              {log.details ? (
                <details>
                  <summary className="cursor-pointer text-[13px] text-muted">{t("details")}</summary>
                  <pre className="mt-1 max-h-48 overflow-auto rounded-md bg-subtle p-2 text-[12px] whitespace-pre-wrap break-words">
                    {log.details}
                  </pre>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {logs.hasNextPage ? (
        <Button size="sm" disabled={logs.isFetchingNextPage} onClick={() => logs.fetchNextPage()}>
          {logs.isFetchingNextPage ? t("loadingMore") : t("more")}
        </Button>
      ) : null}
    </section>
  );
}
