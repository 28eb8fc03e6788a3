import { type BotTestVisitorStep, type ChatInput, type ChatMessage, textBubbleBlock } from "@parley/schemas";

/** Where a test's uploaded files live: a reserved name (RFC 2606), so nothing is ever fetched from it. */
export const testUploadBaseUrl = "https://uploads.test/";

export type VisitorMessage =
  | { ok: true; message: ChatMessage }
  | { ok: false; expected: string; actual: string };

/** A button the visitor can click: its label and the id the reply names (choice item, picture, card path). */
interface Button {
  id: string;
  label: string;
}

const normalize = (text: string) => text.normalize("NFC").trim().toLowerCase();

/**
 * The chat message a visitor step sends, as the web client would send it: a typed text; a click on the button
 * with that label (its id as `replyId`); files as their upload addresses. A click on a button the input does not
 * show cannot happen: that is the difference reported.
 */
export function buildVisitorMessage(step: BotTestVisitorStep, input: ChatInput | null): VisitorMessage {
  const type = textBubbleBlock.type;
  switch (step.type) {
    case "text":
      return { ok: true, message: { type, text: step.text } };
    case "file": {
      const urls = step.fileNames.map((name) => `${testUploadBaseUrl}${encodeURIComponent(name)}`);
      return { ok: true, message: { type, text: urls.join(", "), attachedFileUrls: urls } };
    }
    case "choice": {
      const buttons = listButtons(input);
      const expected = `the visitor clicks ${JSON.stringify(step.label)}`;
      if (buttons.length === 0)
        return {
          ok: false,
          expected,
          actual: input ? `the bot asks for a ${input.type}, without buttons` : "no buttons are shown",
        };
      const button = buttons.find((candidate) => normalize(candidate.label) === normalize(step.label));
      if (button)
        return { ok: true, message: { type, text: button.label, metadata: { replyId: button.id } } };
      if (isMultipleChoice(input)) return { ok: true, message: { type, text: step.label } };
      return {
        ok: false,
        expected,
        actual: `the buttons shown are ${buttons.map((candidate) => JSON.stringify(candidate.label)).join(", ")}`,
      };
    }
  }
}

function listButtons(input: ChatInput | null): Button[] {
  if (!input || !("items" in input) || !Array.isArray(input.items)) return [];
  return (input.items as Record<string, unknown>[]).flatMap((item): Button[] => {
    if (Array.isArray(item.paths))
      return (item.paths as Record<string, unknown>[]).flatMap((path) =>
        typeof path.id === "string" && typeof path.text === "string"
          ? [{ id: path.id, label: path.text }]
          : [],
      );
    const label =
      typeof item.content === "string" ? item.content : typeof item.title === "string" ? item.title : null;
    return typeof item.id === "string" && label !== null ? [{ id: item.id, label }] : [];
  });
}

function isMultipleChoice(input: ChatInput | null): boolean {
  const options =
    input && "options" in input ? (input.options as { isMultipleChoice?: boolean } | undefined) : undefined;
  return options?.isMultipleChoice === true;
}
