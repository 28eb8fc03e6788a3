import { z } from "zod";
import { blockBaseSchema, itemBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

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

export const abTestBlock = defineBlock({
  type: "AB test",
  schema: abTestBlockSchema,
  category: "logic",
  defaults: defaultAbTestOptions,
  catalogue: { label: "AB Test", icon: "Split", keywords: "split random" },
  initialFields: (createId): Pick<AbTestBlock, "items" | "options"> => ({
    items: [
      { id: createId(), path: "a" },
      { id: createId(), path: "b" },
    ],
    options: { aPercent: 50 },
  }),
  getSummary: () => null,
  canvas: {
    hasItemRows: true,
    hasDefaultExit: () => false,
    getItemSummary: (block, item) => {
      const percent = Number(block.options?.aPercent ?? 50);
      return item.path === "a" ? `A · ${percent}%` : `B · ${100 - percent}%`;
    },
  },
});
