"use client";

import { getResultColumns } from "@parley/schemas/management/getResultColumns";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { DropOffFunnel } from "../analytics/DropOffFunnel";
import { LanguageStats } from "../analytics/LanguageStats";
import { RangePicker } from "../analytics/RangePicker";
import { StatsCards } from "../analytics/StatsCards";
import { StatsChart } from "../analytics/StatsChart";
import { periodOf, type RangeSelection, toRangeInput } from "../analytics/timeFilters";
import { VersionStats } from "../analytics/VersionStats";
import { ConflictDialog } from "../autosave/ConflictDialog";
import { SaveStatusBadge } from "../autosave/SaveStatusBadge";
import { useBotHeader } from "../bot-layout/BotContext";
import { BotHeaderActions } from "../bot-layout/BotHeaderActions";
import { ColumnsMenu } from "./ColumnsMenu";
import { downloadResultsCsv, type ExportProgress } from "./downloadResultsCsv";
import { ResultSheet } from "./ResultSheet";
import {
  isFiltering,
  noResultsFilters,
  ResultsFilters,
  type ResultsFilterValues,
  toFilterInput,
} from "./ResultsFilters";
import { ResultsTable } from "./ResultsTable";
import { ResultsToolbar } from "./ResultsToolbar";
import { useColumnPreferences } from "./useColumnPreferences";

const pageSize = 50;

/** Analytics of the period, then the results table with export, delete and details. */
export function ResultsView() {
  const t = useTranslations("Results");
  const { id: botId, canEdit } = useBotHeader();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<RangeSelection>({ timeFilter: "allTime" });
  const [filters, setFilters] = useState<ResultsFilterValues>(noResultsFilters);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openResultId, setOpenResultId] = useState<string | null>(null);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [exportProgress, setExportProgress] = useState<ExportProgress | null>(null);
  const bot = useQuery(trpc.bots.getBot.queryOptions({ botId }));
  const results = useInfiniteQuery(
    trpc.results.listResults.infiniteQueryOptions(
      { botId, limit: pageSize, ...toRangeInput(range), ...toFilterInput(filters) },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const period = periodOf(range);
  const languagesSettings = bot.data?.bot.settings.languages;
  const botLanguages = languagesSettings
    ? [languagesSettings.defaultLanguage, ...(languagesSettings.languages ?? [])]
    : [];
  const loaded = useMemo(() => results.data?.pages.flatMap((page) => page.results) ?? [], [results.data]);
  const columns = useMemo(() => (bot.data ? getResultColumns(bot.data.bot, loaded) : []), [bot.data, loaded]);
  const layout = useColumnPreferences(botId, columns);
  const remove = useMutation(
    trpc.results.deleteResults.mutationOptions({
      onSuccess: async (_, input) => {
        toast.success(
          input.resultIds ? t("deleted", { count: input.resultIds.split(",").length }) : t("allDeleted"),
        );
        setSelected(new Set());
        setIsConfirmingDelete(false);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.results.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.analytics.pathKey() }),
        ]);
      },
      onError: (error) => toast.error(t("deleteFailed", { reason: getErrorMessage(error) })),
    }),
  );

  async function exportCsv() {
    setExportProgress({ done: 0, total: 0 });
    try {
      const ids = selected.size > 0 ? [...selected] : undefined;
      const query = new URLSearchParams({ ...toRangeInput(range), ...toFilterInput(filters) });
      if (ids) query.set("resultIds", ids.join(","));
      // The CSV follows the saved column layout: the last change is saved first.
      if (canEdit) await layout.whenSaved();
      const { total } = await downloadResultsCsv(botId, query, setExportProgress);
      toast.success(t("exported", { count: total }));
    } catch (error) {
      toast.error(t("exportFailed", { reason: getErrorMessage(error) }));
    } finally {
      setExportProgress(null);
    }
  }

  const error = bot.error ?? results.error;
  return (
    <div className="h-full overflow-y-auto">
      {canEdit && layout.save ? (
        <BotHeaderActions>
          <SaveStatusBadge save={layout.save} onRetry={layout.flush} />
        </BotHeaderActions>
      ) : null}
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold tracking-tight">{t("title")}</h2>
          <RangePicker
            value={range}
            onChange={(next) => {
              setRange({ ...next, ...(range.language ? { language: range.language } : {}) });
              setSelected(new Set());
            }}
          />
        </div>
        <StatsCards botId={botId} range={range} />
        {botLanguages.length > 0 ? (
          <LanguageStats
            botId={botId}
            range={period}
            languages={botLanguages}
            language={range.language}
            onLanguageChange={(language) => {
              setRange({ ...period, ...(language ? { language } : {}) });
              setSelected(new Set());
            }}
          />
        ) : null}
        <div className="grid gap-4 lg:grid-cols-5">
          <div className="min-w-0 lg:col-span-3">
            <StatsChart botId={botId} range={range} />
          </div>
          <div className="min-w-0 lg:col-span-2">
            <DropOffFunnel botId={botId} flow={bot.data?.bot} range={range} />
          </div>
        </div>
        <VersionStats botId={botId} range={period} flow={bot.data?.bot} canEdit={canEdit} />
        <ResultsFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setSelected(new Set());
          }}
        />
        {error ? (
          <ErrorState error={error} onRetry={() => void Promise.all([bot.refetch(), results.refetch()])} />
        ) : results.isPending || bot.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label={t("loading")} />
          </div>
        ) : loaded.length === 0 ? (
          <EmptyState
            icon={<Inbox size={32} />}
            title={filters === noResultsFilters ? t("emptyPeriod") : t("emptyFilters")}
          >
            <p>{t("emptyHint")}</p>
          </EmptyState>
        ) : (
          <>
            <ResultsToolbar
              loadedCount={loaded.length}
              hasMore={results.hasNextPage}
              selectedCount={selected.size}
              canEdit={canEdit}
              isFiltered={isFiltering(filters)}
              exportProgress={exportProgress}
              onExport={exportCsv}
              onDelete={() => setIsConfirmingDelete(true)}
              onClearSelection={() => setSelected(new Set())}
              columnsMenu={canEdit && layout.isLoaded ? <ColumnsMenu layout={layout} /> : null}
            />
            <ResultsTable
              columns={layout.visible}
              layout={layout}
              canArrange={canEdit && layout.isLoaded}
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
      <ConflictDialog
        open={layout.save?.status === "conflict"}
        subject="columns"
        onReload={layout.reload}
        onOverwrite={layout.overwrite}
      />
      <ConfirmDialog
        open={isConfirmingDelete}
        onOpenChange={setIsConfirmingDelete}
        title={selected.size > 0 ? t("deleteSelectedTitle", { count: selected.size }) : t("deleteAllTitle")}
        description={t("deleteDescription")}
        confirmLabel={selected.size > 0 ? t("deleteSelected") : t("deleteAll")}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate({ botId, ...(selected.size > 0 ? { resultIds: [...selected].join(",") } : {}) })
        }
      />
    </div>
  );
}
