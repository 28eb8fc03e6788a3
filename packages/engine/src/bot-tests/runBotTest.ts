import { type BotTest, isVisitorStep } from "@parley/schemas";
import type { FlowSnapshot } from "../types/flow";
import { buildVisitorMessage } from "./buildVisitorMessage";
import { checkExpectation, type ExpectationStep } from "./checkExpectation";
import { type BotTestBasePorts, createStubbedPorts } from "./createStubbedPorts";
import { type BotTestRun, TestFailure, TestSession } from "./TestSession";

export type { BotTestRun };

type Failure = NonNullable<BotTestRun["failure"]>;

/**
 * Runs one bot test against a flow, as a live chat of it would run once published (docs/bot-tests.md): the bot starts, then each step in
 * order, a visitor step answering what the bot waits for and an expectation checked against what the bot did since
 * the previous visitor step. Outside calls are answered by the test's stubs; the client's part of a turn (waits,
 * client-side HTTP requests, a webhook's call, a stubbed payment) is answered by the runner as the client or the
 * outside system would. Resolves passed, or failed at the FIRST difference: the step, what was expected, what happened.
 */
export async function runBotTest(params: {
  flow: FlowSnapshot;
  test: BotTest;
  ports: BotTestBasePorts;
}): Promise<BotTestRun> {
  const { flow, test } = params;
  const stubbed = createStubbedPorts(params.ports, test.stubs);
  const session = new TestSession(flow, stubbed);
  let stepIndex = 0;
  try {
    await session.start();
    for (; stepIndex < test.steps.length; stepIndex++) {
      const step = test.steps[stepIndex]!;
      if (isVisitorStep(step)) {
        const message = buildVisitorMessage(step, session.waitingInput());
        if (!session.isAnswerable())
          throw new TestFailure({
            code: "VISITOR_STEP_IMPOSSIBLE",
            expected: `the bot waits for the visitor's answer (${describeStep(step)})`,
            actual: session.isCompleted()
              ? "the conversation had ended"
              : `the bot waits for ${session.describeWait()}`,
            blockId: null,
          });
        if (!message.ok)
          throw new TestFailure({
            code: "VISITOR_STEP_IMPOSSIBLE",
            expected: message.expected,
            actual: message.actual,
            blockId: null,
          });
        await session.answer(message.message);
        continue;
      }
      const check = checkExpectation(step as ExpectationStep, session.turn);
      if (!check.ok)
        throw new TestFailure({
          code: "EXPECTATION_NOT_MET",
          expected: check.expected,
          actual: check.actual,
          blockId: null,
        });
    }
    return { testId: test.id, name: test.name, status: "passed", failure: null };
  } catch (error) {
    const failure: Omit<Failure, "stepIndex"> =
      error instanceof TestFailure
        ? error.failure
        : {
            code: "ENGINE_ERROR",
            expected: "the bot runs this step",
            actual: `the engine stopped: ${error instanceof Error ? error.message : String(error)}`,
            blockId: null,
          };
    return {
      testId: test.id,
      name: test.name,
      status: "failed",
      failure: { stepIndex: Math.min(stepIndex, Math.max(test.steps.length - 1, 0)), ...failure },
    };
  }
}

const describeStep = (step: Extract<BotTest["steps"][number], { type: "text" | "choice" | "file" }>) =>
  step.type === "text"
    ? `types ${JSON.stringify(step.text)}`
    : step.type === "choice"
      ? `clicks ${JSON.stringify(step.label)}`
      : `uploads ${step.fileNames.join(", ")}`;
