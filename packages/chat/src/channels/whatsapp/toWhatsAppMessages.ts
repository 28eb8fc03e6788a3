import type {
  WhatsAppInteractive,
  WhatsAppOutboundMessage,
} from "@parley/integrations/messaging/sendWhatsAppMessage";
import {
  type FormattedBlock,
  getSystemMessage,
  type Settings,
  type TextChannelChoice,
  type TextChannelMessage,
} from "@parley/schemas";
import { fitFormattedText } from "../formatted-text/fitFormattedText";
import { getMessageBlocks, toChoiceLines } from "../formatted-text/getMessageBlocks";
import { toWhatsAppText } from "../formatted-text/toWhatsAppText";

/**
 * The button of a WhatsApp list: the bot's `messagingPictureChoiceSelectLabel` in the session's language (its
 * translation, else the built-in label of that language; docs/languages.md).
 */
export function getListButtonLabel(settings: Settings, language: string | null | undefined): string {
  return getSystemMessage(settings, language, "messagingPictureChoiceSelectLabel");
}

// The Cloud API's limits on interactive messages.
const MAX_BUTTONS = 3;
const BUTTON_TITLE_LENGTH = 20;
const MAX_LIST_ROWS = 10;
const LIST_ROW_TITLE_LENGTH = 24;
const LIST_ROW_DESCRIPTION_LENGTH = 72;
const LIST_BUTTON_LENGTH = 20;
const INTERACTIVE_BODY_LENGTH = 1024;
const CAPTION_LENGTH = 1024;
const TEXT_BODY_LENGTH = 4096;

const cut = (text: string, length: number) =>
  text.length <= length ? text : `${text.slice(0, length - 1)}…`;

type MediaKind = NonNullable<TextChannelMessage["media"]>["kind"];
type ButtonHeader = NonNullable<Extract<WhatsAppInteractive, { type: "button" }>["header"]>;

const mediaTypes = { image: "image", video: "video", audio: "audio", file: "document" } as const;

/**
 * Cloud API messages for a text channel's rendering: formatted text in WhatsApp's syntax; the
 * attachment as a media message (captioned with the text where WhatsApp allows it); up to 3 choices
 * as reply buttons (under the image or video as header when there is one), up to 10 as a list, more
 * (or several to pick at once) as numbered lines; a cut title leaves the full option in the body; a
 * link's URL on a line of its own.
 */
export function toWhatsAppMessages(
  message: TextChannelMessage,
  options: { listButtonLabel: string },
): WhatsAppOutboundMessage[] {
  const out: WhatsAppOutboundMessage[] = [];
  // WhatsApp has no link buttons outside templates: the URL is written out (WhatsApp makes it tappable).
  let blocks = [
    ...getMessageBlocks(message),
    ...(message.link ? [{ type: "paragraph" as const, spans: [{ text: message.link.url }] }] : []),
  ];
  const write = (extra: FormattedBlock[], limit: number) =>
    fitFormattedText([...blocks, ...extra], limit, (all) => {
      const text = toWhatsAppText(all, { isAuthored: Boolean(message.formatted) });
      return { text, length: text.length };
    });
  const choices = message.choices ?? [];
  const isButtons =
    choices.length > 0 && choices.length <= MAX_BUTTONS && !message.isMultipleChoice && !message.isList;
  const header =
    isButtons && message.media ? toButtonHeader(message.media.kind, message.media.url) : undefined;
  if (message.media && !header) {
    const { kind, url, fileName } = message.media;
    const type = mediaTypes[kind];
    const caption = choices.length === 0 && type !== "audio" ? write([], CAPTION_LENGTH) : "";
    if (caption) blocks = [];
    if (type === "audio") out.push({ type, audio: { link: url } });
    else
      out.push({
        type,
        [type]: {
          link: url,
          ...(caption ? { caption } : {}),
          ...(type === "document" && fileName ? { filename: fileName } : {}),
        },
      } as WhatsAppOutboundMessage);
  }
  if (choices.length > 0 && (message.isMultipleChoice || choices.length > MAX_LIST_ROWS)) {
    // Written options are numbered: a reply names them by number ("1, 3") or by label.
    out.push({ type: "text", text: { body: write([toChoiceLines(choices, true)], TEXT_BODY_LENGTH) } });
  } else if (choices.length > 0) {
    const titleLength = isButtons ? BUTTON_TITLE_LENGTH : LIST_ROW_TITLE_LENGTH;
    const cutLabels = choices.filter((choice) => choice.label.length > titleLength);
    const body =
      write(cutLabels.length ? [toChoiceLines(cutLabels, false)] : [], INTERACTIVE_BODY_LENGTH) ||
      options.listButtonLabel;
    out.push({
      type: "interactive",
      interactive: isButtons
        ? toButtons(body, choices, header)
        : toList(body, choices, options.listButtonLabel),
    });
  } else {
    const body = write([], TEXT_BODY_LENGTH);
    if (body) out.push({ type: "text", text: { body } });
  }
  return out;
}

/** An image, video or document shown above reply buttons (audio cannot be a header). */
function toButtonHeader(kind: MediaKind, url: string): ButtonHeader | undefined {
  if (kind === "image") return { type: "image", image: { link: url } };
  if (kind === "video") return { type: "video", video: { link: url } };
  if (kind === "file") return { type: "document", document: { link: url } };
  return undefined;
}

function toButtons(body: string, choices: TextChannelChoice[], header?: ButtonHeader): WhatsAppInteractive {
  return {
    type: "button",
    ...(header ? { header } : {}),
    body: { text: body },
    action: {
      buttons: choices.map((choice) => ({
        type: "reply",
        reply: { id: choice.id, title: cut(choice.label, BUTTON_TITLE_LENGTH) },
      })),
    },
  };
}

function toList(body: string, choices: TextChannelChoice[], listButtonLabel: string): WhatsAppInteractive {
  return {
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
  };
}
