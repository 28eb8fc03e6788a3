import { z } from "zod";
import { httpMethodSchema } from "../bot/blocks/integrations/httpRequest";
import { textSchema } from "../text";

/**
 * Things the client must do (`clientSideActions[]`). Every kind carries `type`, a payload
 * under the key named like the type, and:
 * - `lastBubbleBlockId`: run it once the bubble with this id is displayed (`null`: at once);
 * - `expectsDedicatedReply`: the client sends the action's result as the next continueChat
 *   message (a text message) before the flow goes on.
 */
const actionBaseShape = {
  lastBubbleBlockId: textSchema.nullable().default(null),
  expectsDedicatedReply: z.boolean().default(false),
};

/** Values handed to client code; variables keep their type guess (number, boolean, list…). */
export const scriptArgValueSchema = z.union([
  textSchema,
  z.number(),
  z.boolean(),
  z.null(),
  z.array(textSchema.nullable()),
]);
export type ScriptArgValue = z.infer<typeof scriptArgValueSchema>;

export const scriptToExecuteSchema = z
  .object({
    content: textSchema,
    args: z.array(z.object({ id: textSchema, value: scriptArgValueSchema })),
    /** Imported code: the client runs it isolated, without the page's credentials. */
    isUnsafe: z.boolean().default(false),
    isCode: z.boolean().default(false),
  })
  .meta({ id: "ScriptToExecute" });
export type ScriptToExecute = z.infer<typeof scriptToExecuteSchema>;
/** A script as a server builds it: `isUnsafe` and `isCode` may be left out (false). */
export type ScriptToExecuteInput = z.input<typeof scriptToExecuteSchema>;

export const clientSideActionTypes = [
  "scriptToExecute",
  "redirect",
  "chatwoot",
  "googleAnalytics",
  "wait",
  "setVariable",
  "streamOpenAiChatCompletion",
  "httpRequestToExecute",
  "startPropsToInject",
  "pixel",
  "stream",
  "codeToExecute",
  "listenForWebhook",
  "listenForAgent",
  "zendesk",
] as const;
export type ClientSideActionType = (typeof clientSideActionTypes)[number];

export const clientSideActionSchema = z
  .discriminatedUnion("type", [
    z
      .object({
        ...actionBaseShape,
        type: z.literal("scriptToExecute"),
        scriptToExecute: scriptToExecuteSchema,
      })
      .meta({ id: "ScriptToExecuteAction" }),
    z
      .object({
        ...actionBaseShape,
        type: z.literal("redirect"),
        redirect: z.object({ url: textSchema, isNewTab: z.boolean() }),
      })
      .meta({ id: "RedirectAction" }),
    z
      .object({
        ...actionBaseShape,
        type: z.literal("chatwoot"),
        chatwoot: z.object({ scriptToExecute: scriptToExecuteSchema }),
      })
      .meta({ id: "ChatwootAction" }),
    z
      .object({
        ...actionBaseShape,
        type: z.literal("googleAnalytics"),
        googleAnalytics: z.object({
          trackingId: textSchema.nullable().default(null),
          category: textSchema.nullable().default(null),
          action: textSchema.nullable().default(null),
          label: textSchema.nullable().default(null),
          value: z.number().nullable().default(null),
          sendTo: textSchema.nullable().default(null),
        }),
      })
      .meta({ id: "GoogleAnalyticsAction" }),
    z
      .object({
        ...actionBaseShape,
        type: z.literal("wait"),
        wait: z.object({ secondsToWaitFor: z.number().min(0) }),
      })
      .meta({ id: "WaitAction" }),
    z
      .object({
        ...actionBaseShape,
        type: z.literal("setVariable"),
        /** The script's return value is the variable's new value. */
        setVariable: z.object({ scriptToExecute: scriptToExecuteSchema }),
      })
      .meta({ id: "SetVariableAction" }),
    z
      .object({
        ...actionBaseShape,
        type: z.literal("streamOpenAiChatCompletion"),
        streamOpenAiChatCompletion: z.object({
          messages: z.array(z.object({ role: z.enum(["system", "user", "assistant"]), content: textSchema })),
        }),
      })
      .meta({ id: "StreamOpenAiChatCompletionAction" }),
    z
      .object({
        ...actionBaseShape,
        type: z.literal("httpRequestToExecute"),
        /** The client sends back `{statusCode, data}` as JSON text. */
        httpRequestToExecute: z.object({
          url: textSchema,
          method: httpMethodSchema.default("POST"),
          headers: z.record(textSchema, textSchema).default({}),
          body: z.unknown().optional(),
        }),
      })
      .meta({ id: "HttpRequestToExecuteAction" }),
    z
      .object({
        ...actionBaseShape,
        type: z.literal("startPropsToInject"),
        startPropsToInject: z.object({
          googleAnalyticsId: textSchema.nullable().default(null),
          pixelIds: z.array(textSchema).default([]),
          gtmId: textSchema.nullable().default(null),
          customHeadCode: textSchema.nullable().default(null),
        }),
      })
      .meta({ id: "StartPropsToInjectAction" }),
    z
      .object({
        ...actionBaseShape,
        type: z.literal("pixel"),
        pixel: z.object({
          pixelId: textSchema,
          eventType: textSchema,
          name: textSchema.nullable().default(null),
          params: z.array(z.object({ key: textSchema, value: textSchema })).default([]),
        }),
      })
      .meta({ id: "PixelAction" }),
    z
      .object({
        ...actionBaseShape,
        type: z.literal("stream"),
        /** The client fetches the stream of the current block, then sends the full text back. */
        stream: z.literal(true),
      })
      .meta({ id: "StreamAction" }),
    z
      .object({
        ...actionBaseShape,
        type: z.literal("codeToExecute"),
        codeToExecute: z.object({ content: textSchema, args: z.record(textSchema, z.unknown()) }),
      })
      .meta({ id: "CodeToExecuteAction" }),
    /**
     * The flow waits for an external system to call the block's executeWebhook URL; the client learns
     * of the call (or of the timeout) from GET /sessions/{sessionId}/listenForWebhook/{listenId}.
     */
    z
      .object({
        ...actionBaseShape,
        type: z.literal("listenForWebhook"),
        listenForWebhook: z.object({
          listenId: textSchema,
          /** After this instant (ISO 8601) the flow goes on without the call. */
          timeoutAt: textSchema,
        }),
      })
      .meta({ id: "ListenForWebhookAction" }),
    /**
     * The chat waits in a workspace's inbox (a Human handoff block): the client opens the session's event
     * stream (GET /sessions/{sessionId}/events) for the agent's messages, typing and the close, which
     * carries the flow's next turn. Sent with every turn of the wait, on web chats only.
     */
    z
      .object({
        ...actionBaseShape,
        type: z.literal("listenForAgent"),
        listenForAgent: z.object({ conversationId: textSchema }),
      })
      .meta({ id: "ListenForAgentAction" }),
    /**
     * Opens Zendesk's messaging widget in the page (Zendesk block): the client loads Zendesk's snippet for `key`
     * (`https://static.zdassets.com/ekr/snippet.js?key=…`, once per page), signs the visitor in with `jwt` when
     * set (`zE("messenger", "loginUser", …)`), then opens the messenger.
     */
    z
      .object({
        ...actionBaseShape,
        type: z.literal("zendesk"),
        zendesk: z.object({
          /** The web widget's key. */
          key: textSchema.min(1),
          /** A JWT signed with the account's messaging key (the visitor's `external_id`, name, e-mail). */
          jwt: textSchema.nullable().default(null),
        }),
      })
      .meta({ id: "ZendeskAction" }),
  ])
  .meta({
    id: "ClientSideAction",
    description: "Something the client must do, with its payload under the key named like `type`.",
  });
export type ClientSideAction = z.infer<typeof clientSideActionSchema>;
/** An action as a server builds it: `lastBubbleBlockId` and `expectsDedicatedReply` may be left out. */
export type ClientSideActionInput = z.input<typeof clientSideActionSchema>;
