/**
 * The chat contract as the engine produces it. Field names follow the chat API (Typebot's shapes);
 * `@parley/schemas` holds the zod schemas of the wire format, the runtime serialises these values.
 */
import type { FlowBlockItem } from "./flow";

/** What the client sent. The runtime turns a bare string into a text message. */
export type ChatReply =
  | { type: "text"; text: string; metadata?: { replyId?: string }; attachedFileUrls?: string[] }
  | { type: "audio"; url: string }
  | { type: "command"; command: string };

export type TextBubbleContentFormat = "richText" | "markdown";

/** A Slate-style rich text node as stored in text bubbles. */
export interface RichTextNode {
  type?: string;
  text?: string;
  children?: RichTextNode[];
  [mark: string]: unknown;
}

export type TextBubbleContent =
  | { type: "richText"; richText: RichTextNode[] }
  | { type: "markdown"; markdown: string };

export type ChatBubble =
  | { id: string; type: "text"; content: TextBubbleContent }
  | { id: string; type: "image"; content: { url: string; clickLink?: { url: string; alt?: string } } }
  | { id: string; type: "video"; content: VideoBubbleContent }
  | { id: string; type: "audio"; content: { url: string; isAutoplayEnabled?: boolean } }
  | {
      id: string;
      type: "embed";
      content: {
        url: string;
        height?: number | string;
        waitForEvent?: { isEnabled?: boolean; name?: string; saveDataInVariableId?: string };
      };
    }
  | { id: string; type: "custom-embed"; content: Record<string, unknown> };

export type VideoSource = "url" | "youtube" | "vimeo" | "tiktok" | "gumlet";

export interface VideoBubbleContent {
  type: VideoSource;
  url?: string;
  /** Embed id for youtube / vimeo / tiktok / gumlet. */
  id?: string;
  height?: number | string;
  aspectRatio?: string;
  maxWidth?: string;
  queryParamsStr?: string;
  areControlsDisplayed?: boolean;
  isAutoplayEnabled?: boolean;
}

/** The input the client must show next: the block after substitution and item filtering. */
export interface ChatInput {
  id: string;
  type: string;
  /** The edge taken after the input, when the block has one. */
  outgoingEdgeId?: string;
  options?: Record<string, unknown> | null;
  items?: FlowBlockItem[];
  /** Current value of the input's variable when it holds text, else null. */
  prefilledValue?: string | null;
  /** Payment input: what the payment provider's client needs; null for other inputs. */
  runtimeOptions?: { paymentIntentSecret: string; amountLabel: string; publicKey: string } | null;
}

interface ClientSideActionBase {
  /** The client runs the action after this bubble is displayed. */
  lastBubbleBlockId?: string;
  /** The client must send the action's result with continueChat before the flow goes on. */
  expectsDedicatedReply?: boolean;
}

/** A value handed to client code (variables keep their type guess). */
export type ScriptArgumentValue = string | number | boolean | null | (string | null)[];

export interface ScriptToExecute {
  content: string;
  args: { id: string; value: ScriptArgumentValue }[];
  isUnsafe?: boolean;
  isCode?: boolean;
}

export type ClientSideAction = ClientSideActionBase &
  (
    | { type: "scriptToExecute"; scriptToExecute: ScriptToExecute }
    | { type: "redirect"; redirect: { url: string; isNewTab: boolean } }
    | { type: "chatwoot"; chatwoot: { scriptToExecute: ScriptToExecute } }
    | {
        type: "googleAnalytics";
        googleAnalytics: {
          trackingId: string | null;
          category: string | null;
          action: string | null;
          label: string | null;
          value: number | null;
          sendTo: string | null;
        };
      }
    | { type: "wait"; wait: { secondsToWaitFor: number } }
    | { type: "setVariable"; setVariable: { scriptToExecute: ScriptToExecute } }
    | {
        type: "httpRequestToExecute";
        httpRequestToExecute: {
          url: string;
          method: string;
          headers: Record<string, string>;
          body?: unknown;
        };
      }
    | {
        type: "pixel";
        pixel: {
          pixelId: string;
          eventType: string;
          name: string | null;
          params: { key: string; value: string }[];
        };
      }
    | {
        type: "startPropsToInject";
        startPropsToInject: {
          googleAnalyticsId: string | null;
          pixelIds: string[];
          gtmId: string | null;
          customHeadCode: string | null;
        };
      }
    | { type: "stream"; stream: true }
    | { type: "codeToExecute"; codeToExecute: { content: string; args: Record<string, unknown> } }
    | { type: "listenForWebhook" }
  );

export type ChatLogStatus = "success" | "error" | "info";

export interface ChatLog {
  status: ChatLogStatus;
  description: string;
  details?: string;
  context?: string;
}

/** Theme values whose source is a variable, with their current value. */
export interface DynamicTheme {
  hostAvatarUrl?: string;
  guestAvatarUrl?: string;
  backgroundUrl?: string;
}

/** The common part of startChat and continueChat responses. Absent values are null. */
export interface TurnResponse {
  messages: ChatBubble[];
  input: ChatInput | null;
  clientSideActions: ClientSideAction[];
  /** Logs for the client: in live sessions those of HTTP requests and e-mails are left out (secrets). */
  logs: ChatLog[];
  dynamicTheme: DynamicTheme | null;
  /** 0–100 when the progress bar is enabled, else null. */
  progress: number | null;
  /** The reply as the engine formatted it (lower-cased e-mail, E.164 phone, formatted date, item label). */
  lastMessageNewFormat: string | null;
}
