import { z } from "zod";
import { conditionSchema, getConditionSummary } from "../../condition";
import { blockBaseSchema, itemBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

/** One branch: taken when its condition passes. The block's own exit is the "else". */
export const conditionItemSchema = itemBaseSchema.extend({ content: conditionSchema.optional() });
export type ConditionItem = z.infer<typeof conditionItemSchema>;

export const conditionBlockSchema = blockBaseSchema.extend({
  type: z.literal("Condition"),
  items: z.array(conditionItemSchema),
});
export type ConditionBlock = z.infer<typeof conditionBlockSchema>;

export const conditionBlock = defineBlock({
  type: "Condition",
  schema: conditionBlockSchema,
  category: "logic",
  defaults: {},
  catalogue: { label: "Condition", icon: "GitBranch", keywords: "if else branch" },
  getSummary: () => null,
  canvas: {
    hasItemRows: true,
    getItemSummary: (_block, item, context) => {
      const summary = getConditionSummary(item.content, context);
      return summary ? context.t("conditionIf", { condition: summary }) : null;
    },
    itemPlaceholder: "conditionPlaceholder",
    defaultExitLabel: "conditionElse",
  },
  settings: {
    items: {
      name: "condition",
      heading: (index) => (index === 0 ? "If" : "Else if"),
      addLabel: "a branch",
      create: (createId) => ({
        id: createId(),
        content: { logicalOperator: "AND" as const, comparisons: [] },
      }),
    },
  },
});
