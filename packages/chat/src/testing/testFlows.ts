// Small flows of the chat HTTP tests.
import type { TestFlow } from "./testFlow";

/** A text bubble block. */
export const text = (id: string, value: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: value }] }] },
});

/** A group of `blocks`, titled by its id unless `title` is given, at (`x`, 0). */
export const group = (id: string, blocks: unknown[], options: { title?: string; x?: number } = {}) => ({
  id,
  title: options.title ?? id,
  graphCoordinates: { x: options.x ?? 0, y: 0 },
  blocks,
});
/** The start event of a flow, on the edge `startEdge` makes. */
export const startEvent = {
  id: "start",
  type: "start",
  outgoingEdgeId: "e-start",
  graphCoordinates: { x: 0, y: 0 },
};
export const startEdge = (groupId: string) => ({
  id: "e-start",
  from: { eventId: "start" },
  to: { groupId },
});

/**
 * Asks `ask` (an input block, given without id: it is `b-ask`) in the group `g-ask`, then goes on
 * by the edge `edgeId` to the group `next`.
 */
export function createAskThenFlow(options: {
  ask: Record<string, unknown>;
  edgeId: string;
  next: ReturnType<typeof group>;
  variables: { id: string; name: string }[];
}): TestFlow {
  return {
    events: [startEvent],
    groups: [
      group("g-ask", [{ id: "b-ask", ...options.ask, outgoingEdgeId: options.edgeId }], { title: "Ask" }),
      options.next,
    ],
    edges: [
      startEdge("g-ask"),
      { id: options.edgeId, from: { blockId: "b-ask" }, to: { groupId: options.next.id } },
    ],
    variables: options.variables,
  };
}

/** Greets {{Name}}, asks a name (text) then an e-mail, then says goodbye. */
export function createGreetingFlow(
  settings: Record<string, unknown> = {},
  theme: Record<string, unknown> = {},
): TestFlow {
  return {
    events: [startEvent],
    groups: [
      group("g-1", [
        text("b-hello", "Hello {{Name}}!"),
        { id: "b-name", type: "text input", options: { variableId: "v-name" } },
        { id: "b-email", type: "email input", options: { variableId: "v-email" } },
        text("b-bye", "Bye {{Name}}, we will write to {{Email}}."),
      ]),
    ],
    edges: [startEdge("g-1")],
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-email", name: "Email" },
    ],
    theme,
    settings,
  };
}

/** Starts with a text input straight away, then thanks. */
export function createInputFirstFlow(): TestFlow {
  return {
    events: [startEvent],
    groups: [
      group("g-1", [
        { id: "b-question", type: "text input", options: { variableId: "v-answer" } },
        text("b-thanks", "Thanks for {{Answer}}"),
      ]),
    ],
    edges: [startEdge("g-1")],
    variables: [{ id: "v-answer", name: "Answer" }],
  };
}

/** Two bubbles and nothing to answer: the chat ends at once. */
export function createNoInputFlow(): TestFlow {
  return {
    events: [startEvent],
    groups: [group("g-1", [text("b-1", "One"), text("b-2", "Two")])],
    edges: [startEdge("g-1")],
    variables: [],
  };
}

/** A file input (PDF or images only) then a closing bubble. */
export function createFileFlow(options: Record<string, unknown> = {}): TestFlow {
  return {
    events: [startEvent],
    groups: [
      group("g-1", [
        {
          id: "b-file",
          type: "file input",
          options: {
            variableId: "v-file",
            allowedFileTypes: { isEnabled: true, types: [".pdf", "image/*"] },
            ...options,
          },
        },
        text("b-done", "Got {{File}}"),
      ]),
    ],
    edges: [startEdge("g-1")],
    variables: [{ id: "v-file", name: "File" }],
  };
}

/**
 * Greets with a client-side script, asks a name, sets the host avatar from it, then jumps to a group
 * that does not exist (an error log) and ends. Progress bar on, host avatar taken from {{Avatar}}.
 */
export function createRichFlow(): TestFlow {
  return {
    events: [startEvent],
    groups: [
      group("g-1", [
        text("b-hi", "Hi"),
        { id: "b-script", type: "Code", options: { content: "console.log({{Avatar}})" } },
        { id: "b-name", type: "text input", options: { variableId: "v-name" } },
        {
          id: "b-avatar",
          type: "Set variable",
          options: { variableId: "v-avatar", expressionToEvaluate: "https://example.com/{{Name}}.png" },
        },
        { id: "b-jump", type: "Jump", options: { groupId: "g-missing" } },
      ]),
    ],
    edges: [startEdge("g-1")],
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-avatar", name: "Avatar" },
    ],
    theme: {
      general: { progressBar: { isEnabled: true } },
      chat: { hostAvatar: { isEnabled: true, url: "{{Avatar}}" } },
    },
  };
}

/** The text of a text bubble of a response (rich text or markdown). */
export function textOf(message: { content: unknown }): string {
  const content = message.content as { type?: string; richText?: unknown; markdown?: string };
  if (content.type === "markdown") return content.markdown ?? "";
  const texts = JSON.stringify(content.richText ?? []).match(/"text":"([^"]*)"/g) ?? [];
  return texts.map((part) => part.slice(8, -1)).join("");
}

/** "Pick a colour" as a choice input of `items` saved in {{Colour}}, then "You picked {{Colour}}". */
export function createColourChoiceFlow(
  items: { id: string; content: string }[],
  settings: Record<string, unknown> = {},
): TestFlow {
  return {
    events: [startEvent],
    groups: [
      group("g-1", [
        text("b-ask", "Pick a colour"),
        { id: "b-colour", type: "choice input", items, options: { variableId: "v-colour" } },
        text("b-picked", "You picked {{Colour}}"),
      ]),
    ],
    edges: [startEdge("g-1")],
    variables: [{ id: "v-colour", name: "Colour" }],
    settings,
  };
}

/**
 * "Waiting for your payment…", then a Webhook (listen) block `b-listen` mapping `data.order.id` to
 * {{Order}} (timeout `timeoutMinutes`, the block's default when absent), "Order {{Order}} confirmed"
 * and a text input.
 */
export function createListenWebhookFlow(options: { timeoutMinutes?: number } = {}): TestFlow {
  return {
    events: [startEvent],
    groups: [
      group("g-1", [
        text("b-wait", "Waiting for your payment…"),
        {
          id: "b-listen",
          type: "webhook",
          options: {
            responseVariableMapping: [{ id: "m-order", variableId: "v-order", bodyPath: "data.order.id" }],
            ...(options.timeoutMinutes ? { timeoutMinutes: options.timeoutMinutes } : {}),
          },
        },
        text("b-done", "Order {{Order}} confirmed"),
        { id: "b-next", type: "text input", options: { variableId: "v-note" } },
      ]),
    ],
    edges: [startEdge("g-1")],
    variables: [
      { id: "v-order", name: "Order" },
      { id: "v-note", name: "Note" },
    ],
  };
}

/** Says hello, asks for a payment of €12.50 (server keys), then thanks. */
export function createPaymentFlow(settings: Record<string, unknown> = {}): TestFlow {
  return {
    events: [startEvent],
    groups: [
      group("g-1", [
        text("b-hello", "Hello!"),
        { id: "b-pay", type: "payment input", options: { amount: "12.50", currency: "EUR" } },
        text("b-thanks", "Thanks for paying."),
      ]),
    ],
    edges: [startEdge("g-1")],
    variables: [],
    theme: {},
    settings,
  };
}
