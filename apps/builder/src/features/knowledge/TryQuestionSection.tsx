"use client";

import { useMutation } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Select } from "@/components/ui/Select";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { FormError } from "./TextSourceFields";

const topKOptions = [3, 5, 10, 20];

/**
 * Asks the knowledge base a question without a model: the passages a search returns, best first, each with
 * its score, source (linked when it is a web page) and headings. Guests may try it too.
 */
export function TryQuestionSection({ knowledgeBaseId }: { knowledgeBaseId: string }) {
  const t = useTranslations("Knowledge");
  const trpc = useTRPC();
  const questionId = useId();
  const topKId = useId();
  const [question, setQuestion] = useState("");
  const [topK, setTopK] = useState(5);
  const search = useMutation(trpc.knowledgeBases.queryKnowledgeBase.mutationOptions());
  function submit(event: FormEvent) {
    event.preventDefault();
    if (question.trim()) search.mutate({ knowledgeBaseId, query: question.trim(), topK });
  }
  const results = search.data?.results;
  return (
    <Section id="try-question" title={t("tryTitle")} description={t("tryDescription")}>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={submit}
        aria-label={t("tryTitle")}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={questionId} className="font-medium">
            {t("question")}
          </label>
          <Input
            id={questionId}
            value={question}
            maxLength={2000}
            placeholder={t("questionPlaceholder")}
            onChange={(event) => setQuestion(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={topKId} className="font-medium">
            {t("passagesLabel")}
          </label>
          <Select id={topKId} value={String(topK)} onChange={(event) => setTopK(Number(event.target.value))}>
            {topKOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="primary" disabled={search.isPending || question.trim() === ""}>
          <Search size={14} aria-hidden />
          {search.isPending ? t("searching") : t("search")}
        </Button>
      </form>
      <p role="status" className="sr-only">
        {search.isPending ? t("searching") : results ? t("found", { count: results.length }) : ""}
      </p>
      <div className="flex flex-col gap-3">
        <FormError message={search.error ? getErrorMessage(search.error) : null} />
        {results && results.length === 0 ? <p className="text-muted">{t("noMatch")}</p> : null}
        {results && results.length > 0 ? (
          <ol aria-label={t("passagesFound")} className="flex flex-col gap-3">
            {results.map((result, index) => (
              <li
                key={`${result.source.id}:${result.location ?? ""}:${result.text}`}
                className="flex flex-col gap-2 rounded-lg border border-line p-3"
                data-testid="knowledge-passage"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px] text-muted">
                  <span className="font-semibold text-ink">#{index + 1}</span>
                  {result.source.url ? (
                    <a
                      href={result.source.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium break-all text-brand-700 underline-offset-2 hover:underline"
                    >
                      {result.source.name}
                      <span className="sr-only"> {t("opensInNewTab")}</span>
                    </a>
                  ) : (
                    <span className="font-medium text-ink">{result.source.name}</span>
                  )}
                  {result.location ? <span>{result.location}</span> : null}
                  <span>{t("score", { score: result.score.toFixed(4) })}</span>
                </div>
                <p className="whitespace-pre-wrap break-words">{result.text}</p>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </Section>
  );
}
