import type { ChatMessage, TextBubbleContentFormat } from "@parley/schemas";
import { continueChat } from "../chat/continueChat";
import { startChat } from "../chat/startChat";
import type { EnginePorts } from "../ports";
import type { FlowSnapshot } from "../types/flow";
import type { HandoffEvent, StartChatParams, TurnOutcome } from "../types/outcome";
import { createTestPorts } from "./createTestPorts";
import { getBubbleText } from "./getBubbleText";

export interface TestChat {
  outcome: TurnOutcome;
  /** Sends a message (a string is a text message) and keeps the new state. */
  send(message?: ChatMessage | string | null, format?: TextBubbleContentFormat): Promise<TurnOutcome>;
  /** An external system calls the waiting webhook block with this JSON text; keeps the new state. */
  callWebhook(body: string): Promise<TurnOutcome>;
  /** The inbox ends the session's handoff wait (an agent's close, the pick-up timeout); keeps the new state. */
  endHandoff(event: HandoffEvent): Promise<TurnOutcome>;
  /** Every answer stored so far, in order. */
  answers: TurnOutcome["newAnswers"];
}

/** Starts a chat in memory and lets a test reply turn by turn, like the runtime would. */
export const startTestChat = async (
  flow: FlowSnapshot,
  options: Partial<StartChatParams> & { ports?: EnginePorts } = {},
): Promise<TestChat> => {
  const ports = options.ports ?? createTestPorts();
  const outcome = await startChat(
    {
      flow,
      isPreview: false,
      resultId: "result-1",
      isStreamEnabled: false,
      isOnlyRegistering: false,
      textBubbleContentFormat: "richText",
      ...options,
    },
    ports,
  );
  const chat: TestChat = {
    outcome,
    answers: [...outcome.newAnswers],
    async send(message, format = "richText") {
      const next = await continueChat(
        {
          flow,
          state: chat.outcome.state,
          message: typeof message === "string" ? { type: "text", text: message } : message,
          textBubbleContentFormat: format,
        },
        ports,
      );
      chat.outcome = next;
      chat.answers.push(...next.newAnswers);
      return next;
    },
    async callWebhook(body) {
      const next = await continueChat(
        { flow, state: chat.outcome.state, webhookBody: body, textBubbleContentFormat: "richText" },
        ports,
      );
      chat.outcome = next;
      chat.answers.push(...next.newAnswers);
      return next;
    },
    async endHandoff(event) {
      const next = await continueChat(
        { flow, state: chat.outcome.state, handoffEvent: event, textBubbleContentFormat: "richText" },
        ports,
      );
      chat.outcome = next;
      chat.answers.push(...next.newAnswers);
      return next;
    },
  };
  return chat;
};

/** Texts of a turn's bubbles. */
export const getMessageTexts = (outcome: TurnOutcome): string[] =>
  outcome.response.messages.map(getBubbleText);
