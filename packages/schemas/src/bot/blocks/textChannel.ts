import type { z } from "zod";
import type { ChatBubble } from "../../chat/bubbles";
import type { ChatInputRuntime } from "../../chat/input";
import type { TextChannelTexts } from "../languages/runtime-texts/getRuntimeTexts";
import type { AudioBubbleBlock } from "./bubbles/audio";
import type { ImageBubbleBlock } from "./bubbles/image";
import type { VideoBubbleBlock } from "./bubbles/video";
import type { BlockCategory, BlockKindSchema } from "./defineBlock";
import { type FormattedBlock, getFormattedPlainText } from "./formattedText";

/** An option a text channel offers: replying with `id` (as `replyId`) or with `label` picks it. */
export interface TextChannelChoice {
  id: string;
  label: string;
}

/**
 * A bot message as a text-only channel (WhatsApp, Telegram) sends it: a prompt, the options to
 * reply with, at most one attachment.
 */
export interface TextChannelMessage {
  /** The text as plain text. */
  text: string;
  /**
   * The same text with its formatting, for text the author wrote in an editor (a text bubble, a
   * card): channels write its marks in their own syntax, and keep their syntax's characters literal.
   */
  formatted?: FormattedBlock[];
  choices?: TextChannelChoice[];
  /** Several choices may be picked in one reply (so buttons, which send one, do not fit). */
  isMultipleChoice?: boolean;
  /** The choices are offered as a list (WhatsApp) even when buttons would fit (pictures to pick from). */
  isList?: boolean;
  /** `fileName`: the name a document is shown with (WhatsApp shows "Untitled" without one). */
  media?: { kind: MediaBubbleType | "file"; url: string; fileName?: string };
  /** A web page to open (a payment): the URL written out, or a button that opens it where the channel has one. */
  link?: { label: string; url: string };
}

/** The bubble kinds a text channel can send as an attachment. */
type MediaBubbleType = ImageBubbleBlock["type"] | VideoBubbleBlock["type"] | AudioBubbleBlock["type"];

/** What a kind's text rendering reads: its input as continueChat prepares it, or its bubble as sent. */
export type TextChannelSource<S extends BlockKindSchema, C extends BlockCategory> = C extends "input"
  ? z.infer<S> & ChatInputRuntime
  : C extends "bubble"
    ? Extract<ChatBubble, { type: S["shape"]["type"]["value"] }>
    : never;

/** Input and bubble kinds must say how a text channel renders them; other kinds show nothing there. */
export type TextChannelField<S extends BlockKindSchema, C extends BlockCategory> = C extends
  | "input"
  | "bubble"
  ? {
      /** `t`: the runtime's own texts (hints, built-in labels) in the session's language. */
      textChannel(
        source: TextChannelSource<S, C>,
        t: TextChannelTexts,
      ): TextChannelMessage | TextChannelMessage[];
    }
  : { textChannel?: never };

/**
 * The prompt of a choice: one option, or several by their numbers (channels number the options of
 * a multiple choice; labels separated by commas, as the widget sends them, are taken too).
 */
export function getChoicePrompt(isMultipleChoice: boolean | undefined, t: TextChannelTexts): string {
  return isMultipleChoice ? t("multipleChoice") : t("choice");
}

/** A message of formatted text: its plain text, and the blocks. */
export function toFormattedMessage(blocks: FormattedBlock[]): TextChannelMessage {
  return { text: getFormattedPlainText(blocks), formatted: blocks };
}

/** A media bubble: its file as an attachment of its kind, or nothing to send while it has no URL. */
export function toMediaMessage(bubble: {
  type: MediaBubbleType;
  content: { url?: string };
}): TextChannelMessage {
  const { url } = bubble.content;
  return url ? { text: "", media: { kind: bubble.type, url } } : { text: "" };
}

/** A number option (min, max) as written, or undefined when unset. */
export function formatBound(value: number | string | undefined): string | undefined {
  return value === undefined || String(value).trim() === "" ? undefined : String(value).trim();
}
