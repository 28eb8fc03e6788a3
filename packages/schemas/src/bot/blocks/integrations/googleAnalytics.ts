import { z } from "zod";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

export const googleAnalyticsOptionsSchema = z
  .object({
    trackingId: z.string(),
    category: z.string(),
    action: z.string(),
    label: z.string(),
    /** A number or a `{{variable}}`. */
    value: z.union([z.number(), z.string()]),
    sendTo: z.string(),
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
  getSummary: (block) => (block.options?.action ? `Track "${block.options.action}"` : null),
});
