import { z } from "zod";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

/** Saves part of a received body into a variable; `bodyPath` is evaluated with `data` in scope. */
export const responseVariableMappingSchema = z.object({
  id: z.string().min(1),
  variableId: z.string().optional(),
  bodyPath: z.string().optional(),
});
export type ResponseVariableMapping = z.infer<typeof responseVariableMappingSchema>;

export const webhookOptionsSchema = z
  .object({ responseVariableMapping: z.array(responseVariableMappingSchema) })
  .partial();
export type WebhookOptions = z.infer<typeof webhookOptionsSchema>;

/** Waits for an external system to call the block's webhook URL (wire type `webhook`, lower case). */
export const webhookBlockSchema = blockBaseSchema.extend({
  type: z.literal("webhook"),
  options: webhookOptionsSchema.optional(),
});
export type WebhookBlock = z.infer<typeof webhookBlockSchema>;

export const defaultWebhookOptions = { responseVariableMapping: [] } as const satisfies WebhookOptions;

export const webhookBlock = defineBlock({
  type: "webhook",
  schema: webhookBlockSchema,
  category: "logic",
  defaults: defaultWebhookOptions,
  catalogue: { label: "Webhook", icon: "Radar", keywords: "listen wait for call" },
  getSummary: () => "Wait for a call to the webhook URL",
});
