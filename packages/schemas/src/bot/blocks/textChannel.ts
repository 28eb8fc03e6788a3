import type { z } from "zod";
import type { ChatBubble } from "../../chat/bubbles";
import type { ChatInputRuntime } from "../../chat/input";
import type { AudioBubbleBlock } from "./bubbles/audio";
import type { ImageBubbleBlock } from "./bubbles/image";
import type { VideoBubbleBlock } from "./bubbles/video";
import type { BlockCategory, BlockKindSchema } from "./defineBlock";

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
  text: string;
  choices?: TextChannelChoice[];
  /** Several choices may be picked in one reply (so buttons, which send one, do not fit). */
  isMultipleChoice?: boolean;
  media?: { kind: MediaBubbleType | "file"; url: string };
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
  ? { textChannel(source: TextChannelSource<S, C>): TextChannelMessage }
  : { textChannel?: never };

/** The prompt of a choice: one option, or several joined by commas (as the widget sends them). */
export function getChoicePrompt(isMultipleChoice: boolean | undefined): string {
  return isMultipleChoice
    ? "Reply with one or more of these, separated by commas:"
    : "Reply with one of these:";
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
