"use client";

import { getAiBlockDefinition } from "@parley/schemas";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Download, Languages, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { useTRPC } from "@/lib/trpc";
import { useBlockLabel } from "../editor/catalogue/useBlockLabel";
import {
  downloadTranslations,
  type ImportReport,
  TranslationRequestError,
  uploadTranslations,
} from "./translationsApi";

type Outcome = { kind: "done"; text: string } | { kind: "refused"; issues: string[] };

const describeImport = (report: ImportReport, t: InterfaceTranslator<"TranslationsPage">) =>
  [
    t("importReport", { updated: report.updated, unchanged: report.unchanged }),
    report.unknownPlaces.length > 0
      ? t("unknownPlaces", { count: report.unknownPlaces.length, places: report.unknownPlaces.join(", ") })
      : "",
  ]
    .filter(Boolean)
    .join("; ");

/**
 * For one language: its file for translators (XLIFF 2.0 or CSV) downloaded, an edited file imported, and machine
 * drafts of its missing texts made with one of the workspace's AI credentials. `beforeServerChange` saves the
 * page's pending edits first; `afterServerChange` reloads the translations the server changed.
 */
export function TranslationTools({
  botId,
  workspaceId,
  languages,
  canEdit,
  beforeServerChange,
  afterServerChange,
}: {
  botId: string;
  workspaceId: string;
  languages: string[];
  canEdit: boolean;
  beforeServerChange: () => Promise<void>;
  afterServerChange: () => Promise<void>;
}) {
  const t = useTranslations("TranslationsPage");
  const blockLabel = useBlockLabel();
  const trpc = useTRPC();
  const [language, setLanguage] = useState(languages[0] ?? "");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [credentialsId, setCredentialsId] = useState("");
  const [model, setModel] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  const languageId = useId();
  const credentialsFieldId = useId();
  const chosen = languages.includes(language) ? language : (languages[0] ?? "");
  const credentials = useQuery({
    ...trpc.credentials.listCredentials.queryOptions({ workspaceId }),
    enabled: canEdit,
  });
  const aiCredentials = (credentials.data?.credentials ?? []).filter((entry) =>
    getAiBlockDefinition(entry.type),
  );
  const translate = useMutation(trpc.translations.translateMissing.mutationOptions());

  const run = async (action: () => Promise<string>) => {
    setOutcome(null);
    try {
      setOutcome({ kind: "done", text: await action() });
    } catch (error) {
      const issues =
        error instanceof TranslationRequestError
          ? error.issues
          : [error instanceof Error ? error.message : t("requestFailed")];
      setOutcome({ kind: "refused", issues });
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={languageId} className="font-medium">
            {t("language")}
          </label>
          <Select
            id={languageId}
            value={chosen}
            onChange={(event) => setLanguage(event.target.value)}
            className="w-32"
          >
            {languages.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </Select>
        </div>
        <Button
          onClick={() =>
            run(async () => {
              await beforeServerChange();
              await downloadTranslations(botId, chosen, "xliff");
              return t("exportedXliff", { language: chosen });
            })
          }
        >
          <Download size={16} aria-hidden /> {t("exportXliff")}
        </Button>
        <Button
          onClick={() =>
            run(async () => {
              await beforeServerChange();
              await downloadTranslations(botId, chosen, "csv");
              return t("exportedCsv", { language: chosen });
            })
          }
        >
          <Download size={16} aria-hidden /> {t("exportCsv")}
        </Button>
        {canEdit ? (
          <>
            <Button onClick={() => fileInput.current?.click()}>
              <Upload size={16} aria-hidden /> {t("importFile")}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".xlf,.xliff,.csv,application/xliff+xml,text/csv"
              aria-label={t("fileFor", { language: chosen })}
              className="sr-only"
              tabIndex={-1}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (!file) return;
                void run(async () => {
                  await beforeServerChange();
                  const report = await uploadTranslations(botId, chosen, file);
                  await afterServerChange();
                  return t("imported", { file: file.name, report: describeImport(report, t) });
                });
              }}
            />
          </>
        ) : null}
      </div>
      {canEdit ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await beforeServerChange();
              const answer = await translate.mutateAsync({
                botId,
                language: chosen,
                credentialsId,
                ...(model.trim() ? { model: model.trim() } : {}),
              });
              await afterServerChange();
              return [
                t("draftsAdded", { count: answer.translated, language: chosen }),
                answer.failed.length > 0
                  ? t("notDrafted", {
                      count: answer.failed.length,
                      failures: answer.failed
                        .map((failure) => `${failure.key}: ${failure.message}`)
                        .join("; "),
                    })
                  : "",
                answer.remaining > 0 ? t("stillMissing", { count: answer.remaining }) : "",
              ]
                .filter(Boolean)
                .join("; ");
            });
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={credentialsFieldId} className="font-medium">
              {t("aiCredentials")}
            </label>
            <Select
              id={credentialsFieldId}
              value={credentialsId}
              onChange={(event) => setCredentialsId(event.target.value)}
              className="w-56"
            >
              <option value="">
                {aiCredentials.length > 0 ? t("chooseCredentials") : t("noAiCredentials")}
              </option>
              {aiCredentials.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name} ({blockLabel(entry.type)})
                </option>
              ))}
            </Select>
          </div>
          <Field label={t("model")} className="w-48">
            {(id) => (
              <Input
                id={id}
                value={model}
                placeholder={t("modelPlaceholder")}
                onChange={(event) => setModel(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" variant="primary" disabled={!credentialsId || translate.isPending}>
            <Languages size={16} aria-hidden />{" "}
            {translate.isPending ? t("translating") : t("translateMissing")}
          </Button>
        </form>
      ) : null}
      <div role="status" aria-live="polite" className="text-[13px]">
        {outcome?.kind === "done" ? <p className="text-success-600">{outcome.text}</p> : null}
      </div>
      {outcome?.kind === "refused" ? (
        <div role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-[13px] text-danger-600">
          <p className="font-medium">{t("refused")}</p>
          <ul className="list-disc pl-5">
            {outcome.issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
