import {
  aiAgentBlock,
  type BotTestResult,
  type ChatInput,
  type ChatMessage,
  getBlockDefinition,
  humanHandoffBlock,
  paymentInputBlock,
  webhookBlock,
} from "@parley/schemas";
import { continueChat } from "../chat/continueChat";
import { getBubbleText } from "../chat/getBubbleText";
import { startChat } from "../chat/startChat";
import type { FlowSnapshot } from "../types/flow";
import type { TurnOutcome } from "../types/outcome";
import type { SessionState } from "../types/state";
import type { TurnRecord } from "./checkExpectation";
import type { MissingStub, StubbedPorts } from "./createStubbedPorts";

/** What one run of a test answers (its duration is measured by the caller). */
export type BotTestRun = Omit<BotTestResult, "durationMs">;
type Failure = NonNullable<BotTestRun["failure"]>;

/** Client actions a turn may wait on in a row before the run gives up (a flow of waits that never asks anything). */
export const MAX_AUTOMATIC_REPLIES = 100;

export class TestFailure extends Error {
  constructor(readonly failure: Omit<Failure, "stepIndex">) {
    super(failure.expected);
  }
}

/** One conversation with the bot: its state between turns and the record of the current turn. */
export class TestSession {
  private state: SessionState | null = null;
  turn: TurnRecord;

  constructor(
    private readonly flow: FlowSnapshot,
    private readonly stubbed: StubbedPorts,
    /** Hears every engine call's outcome, before the session records it (a replay reads its answers and logs). */
    private readonly onOutcome?: (outcome: TurnOutcome) => void,
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

  /** The block the bot waits on (an input, an AI agent…), null when it waits for nothing. */
  waitingBlockId(): string | null {
    return this.isCompleted() ? null : (this.state?.waitingFor?.blockId ?? null);
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
    this.onOutcome?.(outcome);
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

export function missingStubFailure(missing: MissingStub): TestFailure {
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
