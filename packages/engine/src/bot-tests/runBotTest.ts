import {
  aiAgentBlock,
  type BotTest,
  type BotTestResult,
  type ChatInput,
  type ChatMessage,
  getBlockDefinition,
  humanHandoffBlock,
  isVisitorStep,
  paymentInputBlock,
  webhookBlock,
} from "@parley/schemas";
import { continueChat } from "../chat/continueChat";
import { getBubbleText } from "../chat/getBubbleText";
import { startChat } from "../chat/startChat";
import type { FlowSnapshot } from "../types/flow";
import type { TurnOutcome } from "../types/outcome";
import type { SessionState } from "../types/state";
import { buildVisitorMessage } from "./buildVisitorMessage";
import { checkExpectation, type ExpectationStep, type TurnRecord } from "./checkExpectation";
import {
  type BotTestBasePorts,
  createStubbedPorts,
  type MissingStub,
  type StubbedPorts,
} from "./createStubbedPorts";

export type BotTestRun = Omit<BotTestResult, "durationMs">;
type Failure = NonNullable<BotTestRun["failure"]>;

/** Client actions a turn may wait on in a row before the run gives up (a flow of waits that never asks anything). */
const MAX_AUTOMATIC_REPLIES = 100;

class TestFailure extends Error {
  constructor(readonly failure: Omit<Failure, "stepIndex">) {
    super(failure.expected);
  }
}

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

/** One conversation with the bot: its state between turns and the record of the current turn. */
class TestSession {
  private state: SessionState | null = null;
  turn: TurnRecord;

  constructor(
    private readonly flow: FlowSnapshot,
    private readonly stubbed: StubbedPorts,
  ) {
    this.turn = this.newTurn();
  }

  async start(): Promise<void> {
    const outcome = await startChat(
      {
        flow: this.flow,
        // As a published bot runs (e-mails are sent, linked bots are their published versions), with stubs.
        isPreview: false,
        resultId: "bot-test",
        isStreamEnabled: false,
        isOnlyRegistering: false,
        textBubbleContentFormat: "richText",
      },
      this.stubbed.ports,
    );
    await this.settle(outcome);
  }

  /** The visitor's message: a new turn. */
  async answer(message: ChatMessage): Promise<void> {
    this.turn = this.newTurn();
    await this.settle(await this.continueWith({ message }));
  }

  isCompleted(): boolean {
    return this.state?.isCompleted ?? true;
  }

  /** The visitor may write: an input waits, or an AI agent or a human agent reads the visitor's messages. */
  isAnswerable(): boolean {
    const waitingFor = this.state?.waitingFor;
    if (!waitingFor || this.isCompleted()) return false;
    return (
      waitingFor.kind === "input" ||
      waitingFor.action === aiAgentBlock.type ||
      waitingFor.action === humanHandoffBlock.type
    );
  }

  waitingInput(): ChatInput | null {
    return this.state?.waitingFor?.kind === "input" ? (this.turn.inputs.at(-1) ?? null) : null;
  }

  describeWait(): string {
    const waitingFor = this.state?.waitingFor;
    if (!waitingFor || this.isCompleted()) return "nothing: the conversation ended";
    if (waitingFor.kind === "input") return `an answer to a ${this.turn.inputs.at(-1)?.type ?? "input"}`;
    return `a reply to its ${waitingFor.action} block (${waitingFor.blockId})`;
  }

  private newTurn(): TurnRecord {
    return {
      messages: [],
      messageCursor: 0,
      groups: [],
      inputs: [],
      waitingFor: null,
      isCompleted: false,
      readVariable: (name) => {
        const variable = this.flow.variables.find((candidate) => candidate.name === name);
        if (!variable) return { exists: false, value: undefined };
        return { exists: true, value: this.state?.frames[0]?.variables[variable.id] };
      },
    };
  }

  private async continueWith(request: {
    message?: ChatMessage | null;
    webhookBody?: string;
  }): Promise<TurnOutcome> {
    if (!this.state) throw new Error("The conversation has not started");
    return continueChat(
      {
        flow: this.flow,
        state: this.state,
        ...request,
        textBubbleContentFormat: "richText",
        isStateHandedOver: true,
      },
      this.stubbed.ports,
    );
  }

  /** Records an engine call's outcome, then answers what the client or an outside system would, until the visitor's turn. */
  private async settle(first: TurnOutcome): Promise<void> {
    let outcome = first;
    for (let replies = 0; ; replies++) {
      this.record(outcome);
      const waitingFor = outcome.state.waitingFor;
      if (outcome.isCompleted || !waitingFor) return;
      if (replies >= MAX_AUTOMATIC_REPLIES)
        throw new TestFailure({
          code: "ENGINE_ERROR",
          expected: "the bot asks the visitor something",
          actual: `the bot waited on ${MAX_AUTOMATIC_REPLIES} client actions in a row`,
          blockId: waitingFor.blockId,
        });
      if (waitingFor.kind === "input") {
        const input = this.turn.inputs.at(-1);
        const payment =
          input?.type === paymentInputBlock.type
            ? this.stubbed.findStub("payment", waitingFor.blockId)
            : undefined;
        if (payment?.outcome !== "paid") return;
        // The payment form confirmed the payment: the client sends the success label (docs/bot-tests.md).
        const label = (input?.options as { labels?: { success?: string } } | undefined)?.labels?.success;
        outcome = await this.continueWith({ message: { type: "text", text: label || "Success" } });
        continue;
      }
      switch (waitingFor.action) {
        case aiAgentBlock.type:
        case humanHandoffBlock.type:
          return;
        case "httpRequest": {
          const stub = this.requireStub("http", waitingFor.blockId);
          const data = parseJson(stub.body);
          outcome = await this.continueWith({
            message: { type: "text", text: JSON.stringify({ statusCode: stub.status, data }) },
          });
          break;
        }
        case webhookBlock.type: {
          const stub = this.requireStub("webhook", waitingFor.blockId);
          outcome = await this.continueWith({ webhookBody: JSON.stringify(stub.body ?? null) });
          break;
        }
        default:
          // A wait, client-side code, an embed's event: the client goes on without a value.
          outcome = await this.continueWith({ message: null });
      }
    }
  }

  private requireStub<K extends "http" | "webhook">(kind: K, blockId: string) {
    const stub = this.stubbed.findStub(kind, blockId);
    if (stub) return stub;
    const location = this.locate(blockId);
    throw missingStubFailure({
      kind,
      blockId,
      blockType: location?.blockType ?? kind,
      groupTitle: location?.groupTitle ?? null,
    });
  }

  private locate(blockId: string): { blockType: string; groupTitle: string } | null {
    for (const group of this.flow.groups) {
      const block = group.blocks.find((candidate) => candidate.id === blockId);
      if (block) return { blockType: block.type, groupTitle: group.title };
    }
    return null;
  }

  private record(outcome: TurnOutcome): void {
    this.state = outcome.state;
    const turn = this.turn;
    turn.messages.push(...outcome.response.messages.map(getBubbleText));
    turn.groups.push(...this.stubbed.takeReachedGroups());
    if (outcome.response.input) turn.inputs.push(outcome.response.input);
    turn.isCompleted = outcome.isCompleted;
    turn.waitingFor = outcome.isCompleted ? null : this.describeWait();
    const missing = this.stubbed.readMissingStub();
    if (missing) throw missingStubFailure(missing);
  }
}

function missingStubFailure(missing: MissingStub): TestFailure {
  const label = getBlockDefinition(missing.blockType)?.catalogue.label ?? missing.blockType;
  const where = missing.groupTitle ? ` in group ${JSON.stringify(missing.groupTitle)}` : "";
  return new TestFailure({
    code: "MISSING_STUB",
    expected: `a ${JSON.stringify(missing.kind)} stub for the ${label} block ${missing.blockId}`,
    actual: `the ${label} block ${missing.blockId}${where} called out and the test has no stub for it: tests never call the outside world`,
    blockId: missing.blockId,
  });
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
