"use client";

import type { BotTest, BotTestResult } from "@parley/schemas";
import { useTranslations } from "use-intl";
import { describeTestStep } from "./testSteps";

/** A failed run's first difference: the step, what the test expected and what the bot did. */
export function TestResultView({ test, result }: { test: BotTest; result: BotTestResult }) {
  const t = useTranslations("Tests");
  const codeLabels: Record<string, string> = {
    EXPECTATION_NOT_MET: t("codeExpectation"),
    VISITOR_STEP_IMPOSSIBLE: t("codeVisitor"),
    MISSING_STUB: t("codeStub"),
    ENGINE_ERROR: t("codeEngine"),
  };
  const failure = result.failure;
  if (!failure) return null;
  const step = test.steps[failure.stepIndex];
  return (
    <div
      data-testid="test-failure"
      className="flex flex-col gap-1 rounded-md border border-danger-600/30 bg-danger-50 p-2 text-[12px]"
    >
      <p className="font-medium text-danger-600">
        {t("stepNumber", { number: failure.stepIndex + 1 })}
        {step ? `: ${describeTestStep(step, t)}` : ""} · {codeLabels[failure.code] ?? failure.code}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-ink">
        <dt className="font-medium">{t("expected")}</dt>
        <dd className="break-words">{failure.expected}</dd>
        <dt className="font-medium">{t("actual")}</dt>
        <dd className="break-words">{failure.actual}</dd>
      </dl>
    </div>
  );
}
