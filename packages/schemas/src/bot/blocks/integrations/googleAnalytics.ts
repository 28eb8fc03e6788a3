import { z } from "zod";
import { blockBaseSchema } from "../blockBase";

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
