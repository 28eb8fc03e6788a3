import type { WebhookPayload } from "@parley/chat/webhooks/buildWebhookPayload";
import {
  conversationWebhookPayloadSchema,
  type WebhookPayloadBody,
  webhookPayloadSchema,
} from "@parley/schemas/management/webhookPayload";
import {
  type ConversationWebhookEvent,
  conversationWebhookEvents,
  webhookEvents,
} from "@parley/schemas/management/webhooks";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";

// The payload the runtime builds has the fields the document describes, and a described body is one it could send.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const payloadMatches: [
  Same<keyof WebhookPayload, keyof WebhookPayloadBody>,
  WebhookPayloadBody extends WebhookPayload ? true : false,
] = [true, true];
void payloadMatches;

const eventDescriptions: Record<(typeof webhookEvents)[number], string> = {
  "result.created":
    "A chat created its result: the first turn of a startChat, or the first continueChat of a session that only registered.",
  "answer.created": "An answer was saved (one delivery per answer); the body carries it in `answer`.",
  "result.completed": "The chat reached the end of its flow after at least one answer.",
  "conversation.waiting":
    "A Human handoff block put the chat in the inbox, or an agent unassigned a conversation (it waits again); the body carries the conversation (with `conversation.summary` when an AI agent handed it over).",
  "conversation.assigned":
    "An agent took a conversation or assigned it to a member (`conversation.assigneeId`).",
  "conversation.message":
    "The visitor wrote during a handoff, or an agent replied (internal notes are not sent); the body carries it in `message`.",
  "conversation.closed":
    "An agent closed a conversation, or nobody took it within the block's pick-up time (`close.reason`).",
};

const isConversationEvent = (event: string): event is ConversationWebhookEvent =>
  (conversationWebhookEvents as readonly string[]).includes(event);

export const signatureHeaderDescription =
  '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed by the whole signing secret (`whsec_…`, shown once when the webhook is created), as Stripe signs its webhooks. Compute it over the raw body bytes before parsing JSON, compare in constant time, and refuse a `t` older than a few minutes to stop replays.';

const deliveryHeaders = z.object({
  "X-Parley-Event": textSchema.meta({ description: "The event, as in the body's `event`." }),
  "X-Parley-Delivery-Id": textSchema.meta({
    description:
      "The delivery id, as in the body's `id`: the same on every retry. Skip ids already processed.",
  }),
  "X-Parley-Signature": textSchema.meta({ description: signatureHeaderDescription }),
  "User-Agent": textSchema.meta({ description: "`Parley-Webhooks/1.0`" }),
});

/** What every delivery does, said once in the deliveries' tag. */
export const webhookDeliveriesDescription =
  'What the chat runtime POSTs to a bot\'s webhook URLs when its results and conversations change (OpenAPI `webhooks`): to each URL subscribed to the event (Share tab, "Webhooks", or POST /bots/{botId}/webhooks), signed with `X-Parley-Signature`. Delivery is at least once, retried with backoff for 24 hours until a 2xx answer; redirects are not followed.';

/**
 * The result-webhook deliveries as OpenAPI 3.1 `webhooks`: one entry per event a subscription can pick
 * (docs/integrations.md, "Result webhooks"). A receiver answers any 2xx; anything else is retried.
 */
export function getResultWebhookOperations(): ZodOpenApiPathsObject {
  return Object.fromEntries(
    webhookEvents.map((event) => [
      event,
      {
        post: {
          operationId: `webhook-${event}`,
          summary: isConversationEvent(event) ? `Inbox webhook: ${event}` : `Result webhook: ${event}`,
          description: `${eventDescriptions[event]} POSTed to each URL subscribed to \`${event}\` (see the tag).`,
          tags: ["Result webhooks"],
          security: [],
          requestParams: { header: deliveryHeaders },
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: isConversationEvent(event) ? conversationWebhookPayloadSchema : webhookPayloadSchema,
              },
            },
          },
          responses: {
            "200": { description: "Any 2xx answer delivers (the body is ignored)." },
          },
        },
      },
    ]),
  );
}

/**
 * The deliveries that share a body written once: each payload's events (`result.*` carry `WebhookPayload`, the
 * inbox's `conversation.*` carry `ConversationWebhookPayload`) are one `components/pathItems` entry, and each
 * event of `webhooks` refers to it. The entry says what each of its events means; its example is its first
 * event's. Run after the examples are applied.
 */
export function shareWebhookPathItems<D extends object>(document: D): D {
  const doc = document as unknown as {
    webhooks?: Record<string, { post?: { description?: string; summary?: string; operationId?: string } }>;
    components?: { pathItems?: Record<string, unknown> };
  };
  if (!doc.webhooks) return document;
  const kinds = [
    {
      name: "ResultWebhook",
      summary: "Result webhooks",
      events: webhookEvents.filter((event) => !isConversationEvent(event)),
    },
    { name: "InboxWebhook", summary: "Inbox webhooks", events: [...conversationWebhookEvents] },
  ];
  const pathItems: Record<string, unknown> = {};
  for (const { name, summary, events } of kinds) {
    const first = doc.webhooks[events[0]!]?.post;
    if (!first) continue;
    pathItems[name] = {
      post: {
        ...first,
        operationId: `webhook-${name}`,
        summary: `${summary}: ${events.join(", ")}`,
        description: `POSTed to each URL subscribed to the event (see the tag), which \`event\` and \`X-Parley-Event\` name: ${events
          .map((event) => `\`${event}\`: ${eventDescriptions[event]}`)
          .join(" ")}`,
      },
    };
    for (const event of events) doc.webhooks[event] = { $ref: `#/components/pathItems/${name}` } as never;
  }
  doc.components = { ...doc.components, pathItems: { ...doc.components?.pathItems, ...pathItems } };
  return document;
}
