import type { FormattedBlock, TextChannelChoice, TextChannelMessage } from "@parley/schemas";

/** A message's text as formatted blocks: its formatting, else its plain text's lines. */
export function getMessageBlocks(message: Pick<TextChannelMessage, "text" | "formatted">): FormattedBlock[] {
  if (message.formatted) return message.formatted;
  const text = message.text.trim();
  return text
    ? text.split("\n").map((line) => ({ type: "paragraph", spans: line ? [{ text: line }] : [] }))
    : [];
}

/** Options written as list lines, numbered (a reply may name them by number) or bulleted. */
export function toChoiceLines(choices: TextChannelChoice[], isOrdered: boolean): FormattedBlock {
  return { type: "list", isOrdered, items: choices.map((choice) => [{ text: choice.label }]) };
}
