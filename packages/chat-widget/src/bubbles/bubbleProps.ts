import type { ChatBubble } from "@parley/schemas";

export type BubbleOf<T extends ChatBubble["type"]> = Extract<ChatBubble, { type: T }>;

/** What every bubble component is given; only embeds read the reply props. */
export interface BubbleProps<T extends ChatBubble["type"]> {
  bubble: BubbleOf<T>;
  /** This bubble ends the latest turn and the flow waits on it (embed events). */
  isAwaitingReply: boolean;
  isPreview: boolean;
  onReply: (text: string) => void;
  /** The conversation's language: the widget's own words (accessible names) are written in it. */
  language?: string;
}
