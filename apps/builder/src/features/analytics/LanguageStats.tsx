"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import { ErrorState } from "@/components/ui/ErrorState";
import { Field } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { Table, Td, Th } from "@/components/ui/Table";
import { useTRPC } from "@/lib/trpc";
import { type RangeSelection, toRangeInput } from "./timeFilters";

/** "French (fr)" for `fr`, named in `locale` (the interface language); the tag itself when unknown. */
export function languageLabel(tag: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: "language" }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

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
  const t = useTranslations("LanguageStats");
  const format = useFormatter();
  const locale = useLocale();
  const count = (value: number) => format.number(value);
  const percent = (part: number, whole: number) =>
    whole > 0 ? format.number(Math.round((part / whole) * 100) / 100, { style: "percent" }) : "—";
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
          {t("title")}
        </h3>
        <Field label={t("show")} className="w-56">
          {(id) => (
            <Select
              id={id}
              value={language ?? ""}
              onChange={(event) => onLanguageChange(event.target.value || undefined)}
              options={[
                { value: "", label: t("all") },
                ...choices.map((tag) => ({ value: tag, label: languageLabel(tag, locale) })),
              ]}
            />
          )}
        </Field>
      </div>
      <div className="overflow-x-auto" aria-busy={stats.isPending}>
        <Table>
          <thead>
            <tr>
              <Th>{t("language")}</Th>
              <Th className="text-right">{t("views")}</Th>
              <Th className="text-right">{t("starts")}</Th>
              <Th className="text-right">{t("completed")}</Th>
              <Th className="text-right">{t("rate")}</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.language ?? ""} data-testid={`language-row-${row.language ?? "none"}`}>
                <Td>{row.language ? languageLabel(row.language, locale) : t("notRecorded")}</Td>
                <Td className="text-right tabular-nums">{count(row.totalViews)}</Td>
                <Td className="text-right tabular-nums">{count(row.totalStarts)}</Td>
                <Td className="text-right tabular-nums">{count(row.totalCompleted)}</Td>
                <Td className="text-right tabular-nums">{percent(row.totalCompleted, row.totalViews)}</Td>
              </tr>
            ))}
            <tr className="font-semibold">
              <Td>{t("all")}</Td>
              <Td className="text-right tabular-nums">{count(total.views)}</Td>
              <Td className="text-right tabular-nums">{count(total.starts)}</Td>
              <Td className="text-right tabular-nums">{count(total.completed)}</Td>
              <Td className="text-right tabular-nums">{percent(total.completed, total.views)}</Td>
            </tr>
          </tbody>
        </Table>
      </div>
    </section>
  );
}
