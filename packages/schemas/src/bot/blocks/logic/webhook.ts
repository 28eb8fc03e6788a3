import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

/** Saves part of a received body into a variable; `bodyPath` is evaluated with `data` in scope. */
export const responseVariableMappingSchema = z
  .object({
    id: textSchema.min(1),
    variableId: textSchema.optional(),
    bodyPath: textSchema.optional(),
  })
  .meta({ id: "ResponseVariableMapping" });
export type ResponseVariableMapping = z.infer<typeof responseVariableMappingSchema>;

/** Bounds of `timeoutMinutes`: how long the block waits for the call before going on without it. */
export const webhookTimeoutBounds = { min: 1, max: 10_080 } as const;

export const webhookOptionsSchema = z
  .object({
    responseVariableMapping: z.array(responseVariableMappingSchema),
    timeoutMinutes: z.number().int().min(webhookTimeoutBounds.min).max(webhookTimeoutBounds.max),
  })
  .partial();
export type WebhookOptions = z.infer<typeof webhookOptionsSchema>;

/** Waits for an external system to call the block's webhook URL (wire type `webhook`, lower case). */
export const webhookBlockSchema = blockBaseSchema.extend({
  type: z.literal("webhook"),
  options: webhookOptionsSchema.optional(),
});
export type WebhookBlock = z.infer<typeof webhookBlockSchema>;

export const defaultWebhookOptions = {
  responseVariableMapping: [],
  timeoutMinutes: 10,
} as const satisfies WebhookOptions;

export const webhookBlock = defineBlock({
  type: "webhook",
  schema: webhookBlockSchema,
  category: "logic",
  defaults: defaultWebhookOptions,
  catalogue: { label: "Webhook", icon: "Radar", keywords: "listen wait for call" },
  getSummary: (_block, context) => context.t("waitForWebhookCall"),
  settings: {
    fieldLabels: { timeoutMinutes: "Go on without the call after (minutes)" },
    hasTestCallListener: true,
  },
});
