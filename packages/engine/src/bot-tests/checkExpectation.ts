import type { BotTestStep, ChatInput, Group, VariableValue } from "@parley/schemas";

/** What the bot did since the visitor's last step (or since the start): what expectations are checked against. */
export interface TurnRecord {
  /** The texts of the bubbles shown, in order. */
  messages: string[];
  /** How many of them earlier message expectations used up (they match in order). */
  messageCursor: number;
  groups: Group[];
  /** Every input asked during the turn (a payment the runner answered included), the one waiting last. */
  inputs: ChatInput[];
  /** What the conversation waits for now, in words, or null when it has ended. */
  waitingFor: string | null;
  isCompleted: boolean;
  /** The root bot's variables now, by name. */
  readVariable(name: string): { exists: boolean; value: VariableValue | undefined };
}

export type ExpectationStep = Exclude<BotTestStep, { type: "text" | "choice" | "file" }>;

export type ExpectationCheck = { ok: true } | { ok: false; expected: string; actual: string };

const quote = (text: string) => JSON.stringify(text);
const list = (texts: string[]) => texts.map(quote).join(", ");

/** Whether the turn meets one expectation; message expectations move the turn's cursor past the message they match. */
export function checkExpectation(step: ExpectationStep, turn: TurnRecord): ExpectationCheck {
  switch (step.type) {
    case "messageContains":
      return matchMessage(turn, `a message containing ${quote(step.text)}`, (text) =>
        text.includes(step.text),
      );
    case "messageMatches": {
      const pattern = new RegExp(step.pattern, step.flags);
      return matchMessage(turn, `a message matching /${step.pattern}/${step.flags ?? ""}`, (text) =>
        pattern.test(text),
      );
    }
    case "inputAsked": {
      if (turn.inputs.some((input) => input.type === step.inputType)) return { ok: true };
      const asked = turn.inputs.map((input) => input.type);
      return {
        ok: false,
        expected: `the bot asks for a ${step.inputType}`,
        actual: asked.length > 0 ? `the bot asked for: ${asked.join(", ")}` : describeNoInput(turn),
      };
    }
    case "variableEquals": {
      const { exists, value } = turn.readVariable(step.variable);
      const expected = `${step.variable} = ${quote(step.value)}`;
      if (!exists)
        return { ok: false, expected, actual: `the bot has no variable named ${quote(step.variable)}` };
      const text = formatVariableValue(value);
      if (text === step.value) return { ok: true };
      return {
        ok: false,
        expected,
        actual: text === null ? `${step.variable} is empty` : `${step.variable} = ${quote(text)}`,
      };
    }
    case "groupReached": {
      if (turn.groups.some((group) => group.title === step.group || group.id === step.group))
        return { ok: true };
      const titles = turn.groups.map((group) => group.title);
      return {
        ok: false,
        expected: `the bot reaches the group ${quote(step.group)}`,
        actual:
          titles.length > 0
            ? `groups reached: ${list(titles)}`
            : "no group was reached since the last answer",
      };
    }
    case "conversationEnded":
      if (turn.isCompleted) return { ok: true };
      return {
        ok: false,
        expected: "the conversation has ended",
        actual: `the bot waits for ${turn.waitingFor}`,
      };
  }
}

function matchMessage(
  turn: TurnRecord,
  expected: string,
  isMatch: (text: string) => boolean,
): ExpectationCheck {
  const remaining = turn.messages.slice(turn.messageCursor);
  const found = remaining.findIndex(isMatch);
  if (found >= 0) {
    turn.messageCursor += found + 1;
    return { ok: true };
  }
  if (remaining.length > 0) return { ok: false, expected, actual: `the bot's messages: ${list(remaining)}` };
  return {
    ok: false,
    expected,
    actual:
      turn.messages.length > 0
        ? `no message after ${quote(turn.messages.at(-1) ?? "")}`
        : "the bot showed no message since the last answer",
  };
}

function describeNoInput(turn: TurnRecord): string {
  if (turn.isCompleted) return "the conversation ended without asking anything";
  return `no input was asked; the bot waits for ${turn.waitingFor}`;
}

/** A variable's value as an expectation compares it: lists as their items joined by ", ". */
export function formatVariableValue(value: VariableValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => item ?? "").join(", ");
  return value;
}
