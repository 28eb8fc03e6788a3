import { z } from "zod";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

/** Goes back to the block after the last Jump. */
export const returnBlockSchema = blockBaseSchema.extend({ type: z.literal("Return") });
export type ReturnBlock = z.infer<typeof returnBlockSchema>;

export const returnBlock = defineBlock({
  type: "Return",
  schema: returnBlockSchema,
  category: "logic",
  defaults: {},
  catalogue: { label: "Return", icon: "Undo2" },
  getSummary: (_block, context) => context.t("returnToJump"),
  canvas: { hasDefaultExit: () => false },
  settings: { panel: "none", description: "returnDescription" },
});
