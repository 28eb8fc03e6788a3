import { z } from "zod";
import { blockBaseSchema, itemBaseSchema } from "../blockBase";

export const abTestItemSchema = itemBaseSchema.extend({ path: z.enum(["a", "b"]) });
export type AbTestItem = z.infer<typeof abTestItemSchema>;

export const abTestOptionsSchema = z.object({ aPercent: z.number().min(0).max(100) }).partial();
export type AbTestOptions = z.infer<typeof abTestOptionsSchema>;

export const abTestBlockSchema = blockBaseSchema.extend({
  type: z.literal("AB test"),
  items: z.tuple([
    itemBaseSchema.extend({ path: z.literal("a") }),
    itemBaseSchema.extend({ path: z.literal("b") }),
  ]),
  options: abTestOptionsSchema.optional(),
});
export type AbTestBlock = z.infer<typeof abTestBlockSchema>;

export const defaultAbTestOptions = { aPercent: 50 } as const satisfies AbTestOptions;
