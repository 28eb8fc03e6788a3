import { z } from "zod";
import { conditionSchema } from "../../condition";
import { blockBaseSchema, itemBaseSchema } from "../blockBase";

/** One branch: taken when its condition passes. The block's own exit is the "else". */
export const conditionItemSchema = itemBaseSchema.extend({ content: conditionSchema.optional() });
export type ConditionItem = z.infer<typeof conditionItemSchema>;

export const conditionBlockSchema = blockBaseSchema.extend({
  type: z.literal("Condition"),
  items: z.array(conditionItemSchema),
});
export type ConditionBlock = z.infer<typeof conditionBlockSchema>;
