import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

export const googleAnalyticsOptionsSchema = z
  .object({
    trackingId: textSchema,
    category: textSchema,
    action: textSchema,
    label: textSchema,
    /** A number or a `{{variable}}`. */
    value: z.union([z.number(), textSchema]),
    sendTo: textSchema,
  })
  .partial();
export type GoogleAnalyticsOptions = z.infer<typeof googleAnalyticsOptionsSchema>;

export const googleAnalyticsBlockSchema = blockBaseSchema.extend({
  type: z.literal("Google Analytics"),
  options: googleAnalyticsOptionsSchema.optional(),
});
export type GoogleAnalyticsBlock = z.infer<typeof googleAnalyticsBlockSchema>;

export const googleAnalyticsBlock = defineBlock({
  type: "Google Analytics",
  schema: googleAnalyticsBlockSchema,
  category: "integration",
  defaults: {},
  catalogue: { label: "Analytics", icon: "ChartLine", keywords: "google" },
  getSummary: (block, context) =>
    block.options?.action ? context.t("trackNamedEvent", { event: block.options.action }) : null,
});
