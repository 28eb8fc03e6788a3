"use client";

import {
  applySettingsDefaults,
  type Group,
  type LanguagesSettings,
  plainTextOf,
  type Settings,
} from "@parley/schemas";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { ErrorState } from "@/components/ui/ErrorState";
import { Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Select } from "@/components/ui/Select";
import { Spinner } from "@/components/ui/Spinner";
import { Table, Td, Th } from "@/components/ui/Table";
import { useTRPC } from "@/lib/trpc";
import { ConflictDialog } from "../autosave/ConflictDialog";
import { SaveStatusBadge } from "../autosave/SaveStatusBadge";
import { useAutosavedBotField } from "../autosave/useAutosavedBotField";
import { useBotHeader } from "../bot-layout/BotContext";
import { BotHeaderActions } from "../bot-layout/BotHeaderActions";
import { useBlockLabel } from "../editor/catalogue/useBlockLabel";
import { LanguagesSection } from "./LanguagesSection";
import { TranslationCell } from "./TranslationCell";
import { TranslationTools } from "./TranslationTools";
import {
  describePlace,
  filterTranslationRows,
  listTranslationRows,
  setTranslation,
  type TranslationRow,
} from "./translationEditing";

/** The rows of one group (or the settings, under `settingsTitle`), under its heading. */
function groupRows(rows: readonly TranslationRow[], settingsTitle: string) {
  const groups: { id: string; title: string; rows: TranslationRow[] }[] = [];
  for (const row of rows) {
    const id = row.groupId ?? "settings";
    const last = groups.at(-1);
    if (last?.id === id) last.rows.push(row);
    else groups.push({ id, title: row.groupTitle ?? settingsTitle, rows: [row] });
  }
  return groups;
}

/**
 * Every text of the bot × its languages (docs/languages.md, "Translating in the builder"): the default language's
 * text, then per language the translation edited in place with its status (missing, machine draft, reviewed);
 * filters by words, language and missing texts; files for translators and machine drafts for one language.
 * Saved with the settings as they are changed.
 */
export function TranslationsView() {
  const t = useTranslations("TranslationsPage");
  const blockLabel = useBlockLabel();
  const { id: botId, workspaceId, canEdit } = useBotHeader();
  const trpc = useTRPC();
  const bot = useQuery(trpc.bots.getBot.queryOptions({ botId }, { refetchOnWindowFocus: false }));
  const field = useAutosavedBotField<Settings>(botId, "settings");
  const [search, setSearch] = useState("");
  const [shownLanguage, setShownLanguage] = useState<string>("");
  const [onlyMissing, setOnlyMissing] = useState(false);
  const searchId = useId();
  const languageFilterId = useId();
  const missingId = useId();
  const groups = (bot.data?.bot.groups ?? []) as Group[];
  const settings = useMemo(() => (field.draft ? applySettingsDefaults(field.draft) : null), [field.draft]);
  const rows = useMemo(() => (settings ? listTranslationRows({ groups, settings }) : []), [groups, settings]);

  if (field.error) return <ErrorState error={field.error} onRetry={() => field.refetch()} />;
  if (!field.draft || !field.save || !settings)
    return (
      <div className="grid h-full place-items-center">
        <Spinner label={t("loading")} />
      </div>
    );
  const languages = settings.languages;
  const others = languages?.languages ?? [];
  const shown = others.includes(shownLanguage) ? [shownLanguage] : others;
  const visible = filterTranslationRows(rows, {
    onlyMissing,
    language: others.includes(shownLanguage) ? shownLanguage : null,
    search,
  });
  const setLanguages = (next: LanguagesSettings | undefined) =>
    field.update((current) => ({ ...current, languages: next }));
  const counts = (language: string) => {
    const statuses = rows.map((row) => row.statuses[language]);
    return t("reviewedCount", {
      reviewed: statuses.filter((status) => status === "reviewed").length,
      total: rows.length,
    });
  };

  return (
    <div className="h-full overflow-y-auto">
      <BotHeaderActions>
        <SaveStatusBadge save={field.save} onRetry={field.flush} />
      </BotHeaderActions>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6">
        <h1 className="sr-only">{t("title")}</h1>
        <LanguagesSection languages={languages} canEdit={canEdit} onChange={setLanguages} />
        {languages && others.length > 0 ? (
          <>
            <Section id="translation-files" title={t("filesTitle")} description={t("filesDescription")}>
              <TranslationTools
                botId={botId}
                workspaceId={workspaceId}
                languages={others}
                canEdit={canEdit}
                beforeServerChange={field.whenSaved}
                afterServerChange={field.reload}
              />
            </Section>
            <Section id="translations" title={t("textsTitle")} description={t("textsDescription")}>
              <div className="flex flex-wrap items-end gap-3">
                <div className="flex flex-col gap-1">
                  <label htmlFor={searchId} className="font-medium">
                    {t("search")}
                  </label>
                  <Input
                    id={searchId}
                    type="search"
                    value={search}
                    onChange={(event) => setSearch(event.target.value)}
                    className="w-64"
                  />
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor={languageFilterId} className="font-medium">
                    {t("languagesShown")}
                  </label>
                  <Select
                    id={languageFilterId}
                    value={shownLanguage}
                    onChange={(event) => setShownLanguage(event.target.value)}
                    className="w-40"
                  >
                    <option value="">{t("allLanguages")}</option>
                    {others.map((tag) => (
                      <option key={tag} value={tag}>
                        {tag}
                      </option>
                    ))}
                  </Select>
                </div>
                <label htmlFor={missingId} className="flex h-9 items-center gap-2">
                  <input
                    id={missingId}
                    type="checkbox"
                    checked={onlyMissing}
                    onChange={(event) => setOnlyMissing(event.target.checked)}
                    className="h-4 w-4 accent-brand-600"
                  />
                  {t("onlyMissing")}
                </label>
                <p className="ml-auto text-[13px] text-muted" aria-live="polite">
                  {t("visibleCount", { visible: visible.length, total: rows.length })}
                </p>
              </div>
              <Table aria-label={t("title")}>
                <thead>
                  <tr>
                    <Th scope="col">{t("place")}</Th>
                    <Th scope="col">{t("defaultColumn", { tag: languages.defaultLanguage })}</Th>
                    {shown.map((tag) => (
                      <Th key={tag} scope="col">
                        {tag} <span className="font-normal normal-case">({counts(tag)})</span>
                      </Th>
                    ))}
                  </tr>
                </thead>
                {groupRows(visible, t("systemMessages")).map((group) => (
                  <tbody key={group.id}>
                    <tr>
                      <Th scope="colgroup" colSpan={2 + shown.length} className="bg-surface normal-case">
                        {group.title}
                      </Th>
                    </tr>
                    {group.rows.map((row) => (
                      <tr key={row.key} data-key={row.key}>
                        <Td className="align-top text-[13px]">
                          <div className="font-medium">
                            {row.blockType ? blockLabel(row.blockType) : t("settings")}
                          </div>
                          <div className="text-muted">{row.field}</div>
                        </Td>
                        <Td className="max-w-80 align-top text-[13px] break-words whitespace-pre-wrap">
                          <span className="sr-only">{describePlace(row, t("settings"))}: </span>
                          {plainTextOf(row.source)}
                        </Td>
                        {shown.map((tag) => (
                          <Td key={tag} className="align-top">
                            <TranslationCell
                              row={row}
                              language={tag}
                              translation={settings.languages?.translations?.[tag]?.[row.key]}
                              canEdit={canEdit}
                              onChange={(translation) =>
                                field.update((current) => setTranslation(current, tag, row.key, translation))
                              }
                            />
                          </Td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                ))}
              </Table>
              {visible.length === 0 ? <p className="text-muted">{t("noMatch")}</p> : null}
            </Section>
          </>
        ) : null}
      </div>
      <ConflictDialog
        open={field.save.status === "conflict"}
        subject="translations"
        onReload={field.reload}
        onOverwrite={field.overwrite}
      />
    </div>
  );
}
