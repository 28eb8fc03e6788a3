import { type BotTestStep, inputBlockTypes, textInputBlock } from "@parley/schemas";

export type StepType = BotTestStep["type"];

/** The step kinds in the order the editor offers them, with what each says. */
export const stepTypeLabels: Record<StepType, string> = {
  text: "Visitor types",
  choice: "Visitor clicks",
  file: "Visitor uploads",
  messageContains: "Bot says (contains)",
  messageMatches: "Bot says (matches a pattern)",
  inputAsked: "Bot asks for",
  variableEquals: "Variable equals",
  groupReached: "Bot reaches the group",
  conversationEnded: "Conversation ends",
};

/** A new step of a kind, with empty fields (a text input for `inputAsked`). */
export function createStep(type: StepType): BotTestStep {
  switch (type) {
    case "text":
      return { type, text: "" };
    case "choice":
      return { type, label: "" };
    case "file":
      return { type, fileNames: [""] };
    case "messageContains":
      return { type, text: "" };
    case "messageMatches":
      return { type, pattern: "" };
    case "inputAsked":
      return { type, inputType: inputBlockTypes[0] ?? textInputBlock.type };
    case "variableEquals":
      return { type, variable: "", value: "" };
    case "groupReached":
      return { type, group: "" };
    case "conversationEnded":
      return { type };
  }
}

/** One line for a step: what the visitor does or what the bot must do. */
export function describeTestStep(step: BotTestStep): string {
  switch (step.type) {
    case "text":
      return `the visitor types “${step.text}”`;
    case "choice":
      return `the visitor clicks “${step.label}”`;
    case "file":
      return `the visitor uploads ${step.fileNames.join(", ")}`;
    case "messageContains":
      return `the bot says “${step.text}”`;
    case "messageMatches":
      return `the bot says something matching /${step.pattern}/${step.flags ?? ""}`;
    case "inputAsked":
      return `the bot asks for a ${step.inputType}`;
    case "variableEquals":
      return `${step.variable} = “${step.value}”`;
    case "groupReached":
      return `the bot reaches “${step.group}”`;
    case "conversationEnded":
      return "the conversation ends";
  }
}
