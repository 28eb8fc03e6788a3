"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorState } from "@/components/ui/ErrorState";
import { Field } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { Table, Td, Th } from "@/components/ui/Table";
import { useTRPC } from "@/lib/trpc";
import { type RangeSelection, toRangeInput } from "./timeFilters";

const languageNames = new Intl.DisplayNames(undefined, { type: "language" });
/** "French (fr)" for `fr`; the tag itself when the browser has no name for it. */
export function languageLabel(tag: string): string {
  try {
    const name = languageNames.of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "—");

/**
 * A bot with several languages: views, starts, completions and completion rate per visitor language of the period
 * (GET /bots/{botId}/analytics/languages) beside the totals, and the language the rest of the page shows.
 */
export function LanguageStats({
  botId,
  range,
  languages,
  language,
  onLanguageChange,
}: {
  botId: string;
  /** The period, without a language: the table always shows every language. */
  range: RangeSelection;
  /** The bot's languages, default first. */
  languages: string[];
  language: string | undefined;
  onLanguageChange: (language: string | undefined) => void;
}) {
  const trpc = useTRPC();
  const stats = useQuery(trpc.analytics.getLanguageStats.queryOptions({ botId, ...toRangeInput(range) }));
  if (stats.isError) return <ErrorState error={stats.error} onRetry={() => stats.refetch()} />;
  const rows = stats.data?.languages ?? [];
  const total = rows.reduce(
    (sum, row) => ({
      views: sum.views + row.totalViews,
      starts: sum.starts + row.totalStarts,
      completed: sum.completed + row.totalCompleted,
    }),
    { views: 0, starts: 0, completed: 0 },
  );
  const choices = [
    ...new Set([...languages, ...rows.flatMap((row) => (row.language ? [row.language] : []))]),
  ];
  return (
    <section
      aria-labelledby="languages-title"
      className="flex min-w-0 flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="languages-title" className="font-semibold">
          By language
        </h3>
        <Field label="Show" className="w-56">
          {(id) => (
            <Select
              id={id}
              value={language ?? ""}
              onChange={(event) => onLanguageChange(event.target.value || undefined)}
              options={[
                { value: "", label: "All languages" },
                ...choices.map((tag) => ({ value: tag, label: languageLabel(tag) })),
              ]}
            />
          )}
        </Field>
      </div>
      <div className="overflow-x-auto" aria-busy={stats.isPending}>
        <Table>
          <thead>
            <tr>
              <Th>Language</Th>
              <Th className="text-right">Views</Th>
              <Th className="text-right">Starts</Th>
              <Th className="text-right">Completed</Th>
              <Th className="text-right">Completion rate</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.language ?? ""} data-testid={`language-row-${row.language ?? "none"}`}>
                <Td>{row.language ? languageLabel(row.language) : "Not recorded"}</Td>
                <Td className="text-right tabular-nums">{row.totalViews.toLocaleString("en-US")}</Td>
                <Td className="text-right tabular-nums">{row.totalStarts.toLocaleString("en-US")}</Td>
                <Td className="text-right tabular-nums">{row.totalCompleted.toLocaleString("en-US")}</Td>
                <Td className="text-right tabular-nums">{percent(row.totalCompleted, row.totalViews)}</Td>
              </tr>
            ))}
            <tr className="font-semibold">
              <Td>All languages</Td>
              <Td className="text-right tabular-nums">{total.views.toLocaleString("en-US")}</Td>
              <Td className="text-right tabular-nums">{total.starts.toLocaleString("en-US")}</Td>
              <Td className="text-right tabular-nums">{total.completed.toLocaleString("en-US")}</Td>
              <Td className="text-right tabular-nums">{percent(total.completed, total.views)}</Td>
            </tr>
          </tbody>
        </Table>
      </div>
    </section>
  );
}
