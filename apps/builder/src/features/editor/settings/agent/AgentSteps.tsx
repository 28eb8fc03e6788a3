"use client";

import type { AiAgentRunStep } from "@parley/integrations/ai/agent/agentRunSteps";
import { useTranslations } from "use-intl";

/** An agent turn's steps in order: model text, tool calls with their arguments and results, passages, the answer. */
export function AgentSteps({ steps }: { steps: AiAgentRunStep[] }) {
  return (
    <ol className="flex flex-col gap-2 text-[13px]" data-testid="agent-steps">
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the steps of one run never move
        <li key={index} className="rounded-md border border-line p-2" data-step-type={step.type}>
          <AgentStep step={step} />
        </li>
      ))}
    </ol>
  );
}

function AgentStep({ step }: { step: AiAgentRunStep }) {
  const t = useTranslations("AgentSettings");
  switch (step.type) {
    case "modelText":
      return (
        <>
          <StepHeading>{t("stepModelText", { step: step.step })}</StepHeading>
          <p className="whitespace-pre-wrap break-words">{step.text}</p>
        </>
      );
    case "toolCall":
      return (
        <>
          <StepHeading>
            {t.rich("stepToolCall", {
              step: step.step,
              name: step.name,
              code: (chunks) => <code className="font-mono">{chunks}</code>,
            })}
          </StepHeading>
          <Labelled label={t("arguments")}>
            <pre className="overflow-x-auto rounded bg-subtle p-1.5 font-mono text-[12px]">
              {JSON.stringify(step.arguments, null, 2)}
            </pre>
          </Labelled>
          <Labelled label={t("result")}>
            <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-words rounded bg-subtle p-1.5 font-mono text-[12px]">
              {step.result}
            </pre>
          </Labelled>
        </>
      );
    case "retrieval":
      return (
        <>
          <StepHeading>
            {t("stepRetrieval", { step: step.step, query: step.query, count: step.passages.length })}
          </StepHeading>
          <ul className="flex flex-col gap-1.5">
            {step.passages.map((passage, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: passages of one search never move
              <li key={index} className="rounded bg-subtle p-1.5">
                <div className="flex justify-between gap-2 text-[12px] text-muted">
                  <span className="truncate">
                    {passage.source.name}
                    {passage.location ? ` › ${passage.location}` : ""}
                  </span>
                  <span>{t("score", { score: passage.score.toFixed(3) })}</span>
                </div>
                <p className="line-clamp-3 whitespace-pre-wrap break-words">{passage.text}</p>
              </li>
            ))}
          </ul>
        </>
      );
    case "answer":
      return (
        <>
          <StepHeading>{step.isFallback ? t("fallbackAnswer") : t("answer")}</StepHeading>
          <p className="whitespace-pre-wrap break-words" data-testid="agent-answer">
            {step.text || t("nothingSaid")}
          </p>
          {step.sources.length > 0 ? (
            <Labelled label={t("sources")}>
              <ol className="list-decimal pl-5">
                {step.sources.map((source) => (
                  <li key={source.id}>
                    {source.url ? (
                      <a
                        className="text-brand-700 underline"
                        href={source.url}
                        target="_blank"
                        rel="noreferrer"
                      >
                        {source.name}
                      </a>
                    ) : (
                      source.name
                    )}
                  </li>
                ))}
              </ol>
            </Labelled>
          ) : null}
        </>
      );
  }
}

const StepHeading = ({ children }: { children: React.ReactNode }) => (
  <p className="mb-1 text-[12px] font-semibold text-muted">{children}</p>
);

const Labelled = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <div className="mt-1 flex flex-col gap-0.5">
    <span className="text-[12px] text-muted">{label}</span>
    {children}
  </div>
);
