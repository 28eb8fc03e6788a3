import type { WhatsAppOutboundMessage } from "@parley/integrations/messaging/sendWhatsAppMessage";
import type { TextChannelChoice, TextChannelMessage } from "@parley/schemas";

// The Cloud API's limits on interactive messages.
const MAX_BUTTONS = 3;
const BUTTON_TITLE_LENGTH = 20;
const MAX_LIST_ROWS = 10;
const LIST_ROW_TITLE_LENGTH = 24;
const LIST_ROW_DESCRIPTION_LENGTH = 72;
const LIST_BUTTON_LENGTH = 20;
const INTERACTIVE_BODY_LENGTH = 1024;
const TEXT_BODY_LENGTH = 4096;

const cut = (text: string, length: number) =>
  text.length <= length ? text : `${text.slice(0, length - 1)}…`;

/**
 * Cloud API messages for a text channel's rendering: the attachment as a media message (captioned
 * with the text where WhatsApp allows it), up to 3 choices as reply buttons, up to 10 as a list, more
 * (or several to pick at once) as text lines; a cut title leaves the full option in the body.
 */
export function toWhatsAppMessages(
  message: TextChannelMessage,
  options: { listButtonLabel: string },
): WhatsAppOutboundMessage[] {
  const out: WhatsAppOutboundMessage[] = [];
  let text = message.text.trim();
  const choices = message.choices ?? [];
  if (message.media) {
    const { kind, url } = message.media;
    const caption = choices.length === 0 && text ? cut(text, INTERACTIVE_BODY_LENGTH) : undefined;
    if (kind === "audio") out.push({ type: "audio", audio: { link: url } });
    else {
      if (caption !== undefined) text = "";
      const media = { link: url, ...(caption !== undefined ? { caption } : {}) };
      if (kind === "image") out.push({ type: "image", image: media });
      else if (kind === "video") out.push({ type: "video", video: media });
      else out.push({ type: "document", document: media });
    }
  }
  if (choices.length > 0 && message.isMultipleChoice) out.push(toChoiceLines(text, choices));
  else if (choices.length > 0) out.push(toChoiceMessage(text, choices, options.listButtonLabel));
  else if (text) out.push({ type: "text", text: { body: cut(text, TEXT_BODY_LENGTH) } });
  return out;
}

/** The options as text lines under the prompt, answered by writing them. */
function toChoiceLines(prompt: string, choices: TextChannelChoice[]): WhatsAppOutboundMessage {
  const lines = choices.map((choice) => `- ${choice.label}`).join("\n");
  return { type: "text", text: { body: cut(`${prompt}\n${lines}`, TEXT_BODY_LENGTH) } };
}

function toChoiceMessage(
  prompt: string,
  choices: TextChannelChoice[],
  listButtonLabel: string,
): WhatsAppOutboundMessage {
  if (choices.length > MAX_LIST_ROWS) return toChoiceLines(prompt, choices);
  const titleLength = choices.length <= MAX_BUTTONS ? BUTTON_TITLE_LENGTH : LIST_ROW_TITLE_LENGTH;
  const cutLabels = choices
    .filter((choice) => choice.label.length > titleLength)
    .map((choice) => choice.label);
  const body = cut(
    [prompt, ...cutLabels.map((label) => `- ${label}`)].filter(Boolean).join("\n") || listButtonLabel,
    INTERACTIVE_BODY_LENGTH,
  );
  if (choices.length <= MAX_BUTTONS) {
    return {
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: body },
        action: {
          buttons: choices.map((choice) => ({
            type: "reply",
            reply: { id: choice.id, title: cut(choice.label, BUTTON_TITLE_LENGTH) },
          })),
        },
      },
    };
  }
  return {
    type: "interactive",
    interactive: {
      type: "list",
      body: { text: body },
      action: {
        button: cut(listButtonLabel, LIST_BUTTON_LENGTH),
        sections: [
          {
            rows: choices.map((choice) => ({
              id: choice.id,
              title: cut(choice.label, LIST_ROW_TITLE_LENGTH),
              ...(choice.label.length > LIST_ROW_TITLE_LENGTH
                ? { description: cut(choice.label, LIST_ROW_DESCRIPTION_LENGTH) }
                : {}),
            })),
          },
        ],
      },
    },
  };
}
