"use client";

import type { BotTest, BotTestResult } from "@parley/schemas";
import { describeTestStep } from "./testSteps";

const codeLabels: Record<string, string> = {
  EXPECTATION_NOT_MET: "Expectation not met",
  VISITOR_STEP_IMPOSSIBLE: "The visitor cannot do this",
  MISSING_STUB: "An outside call has no stub",
  ENGINE_ERROR: "The bot stopped",
};

/** A failed run's first difference: the step, what the test expected and what the bot did. */
export function TestResultView({ test, result }: { test: BotTest; result: BotTestResult }) {
  const failure = result.failure;
  if (!failure) return null;
  const step = test.steps[failure.stepIndex];
  return (
    <div
      data-testid="test-failure"
      className="flex flex-col gap-1 rounded-md border border-danger-600/30 bg-danger-50 p-2 text-[12px]"
    >
      <p className="font-medium text-danger-600">
        Step {failure.stepIndex + 1}
        {step ? `: ${describeTestStep(step)}` : ""} · {codeLabels[failure.code] ?? failure.code}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-ink">
        <dt className="font-medium">Expected</dt>
        <dd className="break-words">{failure.expected}</dd>
        <dt className="font-medium">Actual</dt>
        <dd className="break-words">{failure.actual}</dd>
      </dl>
    </div>
  );
}
