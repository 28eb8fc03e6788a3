import { type BotTestStep, inputBlockTypes, textInputBlock } from "@parley/schemas";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

export type StepType = BotTestStep["type"];

/** The step kinds in the order the editor offers them. */
export const stepTypes: StepType[] = [
  "text",
  "choice",
  "file",
  "messageContains",
  "messageMatches",
  "inputAsked",
  "variableEquals",
  "groupReached",
  "conversationEnded",
];

/** What each step kind says, in the interface language. */
export const getStepTypeLabels = (t: InterfaceTranslator<"Tests">): Record<StepType, string> => ({
  text: t("stepText"),
  choice: t("stepChoice"),
  file: t("stepFile"),
  messageContains: t("stepMessageContains"),
  messageMatches: t("stepMessageMatches"),
  inputAsked: t("stepInputAsked"),
  variableEquals: t("stepVariableEquals"),
  groupReached: t("stepGroupReached"),
  conversationEnded: t("stepConversationEnded"),
});

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

/** One line for a step: what the visitor does or what the bot must do, in the interface language. */
export function describeTestStep(step: BotTestStep, t: InterfaceTranslator<"Tests">): string {
  switch (step.type) {
    case "text":
      return t("describeText", { text: step.text });
    case "choice":
      return t("describeChoice", { label: step.label });
    case "file":
      return t("describeFile", { files: step.fileNames.join(", ") });
    case "messageContains":
      return t("describeMessageContains", { text: step.text });
    case "messageMatches":
      return t("describeMessageMatches", { pattern: `/${step.pattern}/${step.flags ?? ""}` });
    case "inputAsked":
      return t("describeInputAsked", { input: step.inputType });
    case "variableEquals":
      return `${step.variable} = “${step.value}”`;
    case "groupReached":
      return t("describeGroupReached", { group: step.group });
    case "conversationEnded":
      return t("describeConversationEnded");
  }
}
