"use client";

import { getResultColumns } from "@parley/schemas/management/getResultColumns";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { Select } from "@/components/ui/Select";
import { Spinner } from "@/components/ui/Spinner";
import { downloadFile } from "@/lib/downloadFile";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC, useTRPCClient } from "@/lib/trpc";
import { StatsCards } from "../analytics/StatsCards";
import { getBrowserTimeZone, type TimeFilter, timeFilterOptions } from "../analytics/timeFilters";
import { useBotHeader } from "../bot-layout/BotContext";
import { ResultSheet } from "./ResultSheet";
import { ResultsTable } from "./ResultsTable";
import { ResultsToolbar } from "./ResultsToolbar";

const pageSize = 50;

/** Analytics of the period, then the results table with export, delete and details. */
export function ResultsView() {
  const { id: botId, canEdit } = useBotHeader();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [timeFilter, setTimeFilter] = useState<TimeFilter>("allTime");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openResultId, setOpenResultId] = useState<string | null>(null);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isExporting, setIsExporting] = useState(false);
  const bot = useQuery(trpc.bots.getBot.queryOptions({ botId }));
  const results = useInfiniteQuery(
    trpc.results.listResults.infiniteQueryOptions(
      { botId, limit: pageSize, timeFilter, timeZone: getBrowserTimeZone() },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const loaded = useMemo(() => results.data?.pages.flatMap((page) => page.results) ?? [], [results.data]);
  const columns = useMemo(() => (bot.data ? getResultColumns(bot.data.bot, loaded) : []), [bot.data, loaded]);
  const remove = useMutation(
    trpc.results.deleteResults.mutationOptions({
      onSuccess: async (_, input) => {
        toast.success(
          input.resultIds ? `${input.resultIds.split(",").length} result(s) deleted` : "All results deleted",
        );
        setSelected(new Set());
        setIsConfirmingDelete(false);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.results.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.analytics.pathKey() }),
        ]);
      },
      onError: (error) => toast.error(`Could not delete: ${getErrorMessage(error)}`),
    }),
  );

  async function exportCsv() {
    setIsExporting(true);
    try {
      const ids = selected.size > 0 ? [...selected] : undefined;
      const { filename, csv } = await client.results.exportResults.query({
        botId,
        ...(ids ? { resultIds: ids.join(",") } : {}),
      });
      downloadFile(filename, csv, "text/csv;charset=utf-8");
      toast.success(`Exported ${ids ? ids.length : "all"} result${ids?.length === 1 ? "" : "s"}`);
    } catch (error) {
      toast.error(`Could not export: ${getErrorMessage(error)}`);
    } finally {
      setIsExporting(false);
    }
  }

  const error = bot.error ?? results.error;
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold tracking-tight">Results</h2>
          <Select
            aria-label="Period"
            value={timeFilter}
            onChange={(event) => {
              setTimeFilter(event.target.value as TimeFilter);
              setSelected(new Set());
            }}
            className="w-44"
          >
            {timeFilterOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
        <StatsCards botId={botId} timeFilter={timeFilter} />
        {error ? (
          <ErrorState error={error} onRetry={() => void Promise.all([bot.refetch(), results.refetch()])} />
        ) : results.isPending || bot.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading results" />
          </div>
        ) : loaded.length === 0 ? (
          <EmptyState icon={<Inbox size={32} />} title="No results in this period">
            <p>Every conversation on the share page or an embed appears here, newest first.</p>
          </EmptyState>
        ) : (
          <>
            <ResultsToolbar
              loadedCount={loaded.length}
              hasMore={results.hasNextPage}
              selectedCount={selected.size}
              canEdit={canEdit}
              isExporting={isExporting}
              onExport={exportCsv}
              onDelete={() => setIsConfirmingDelete(true)}
              onClearSelection={() => setSelected(new Set())}
            />
            <ResultsTable
              columns={columns}
              results={loaded}
              selected={selected}
              onSelectedChange={setSelected}
              onOpen={setOpenResultId}
              hasMore={results.hasNextPage}
              isLoadingMore={results.isFetchingNextPage}
              onLoadMore={() => void results.fetchNextPage()}
            />
          </>
        )}
      </div>
      <ResultSheet botId={botId} resultId={openResultId} onClose={() => setOpenResultId(null)} />
      <ConfirmDialog
        open={isConfirmingDelete}
        onOpenChange={setIsConfirmingDelete}
        title={selected.size > 0 ? `Delete ${selected.size} result(s)?` : "Delete every result of this bot?"}
        description="Their answers and transcripts are erased for good. Analytics are recomputed without them."
        confirmLabel={selected.size > 0 ? "Delete selected" : "Delete all results"}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate({ botId, ...(selected.size > 0 ? { resultIds: [...selected].join(",") } : {}) })
        }
      />
    </div>
  );
}
