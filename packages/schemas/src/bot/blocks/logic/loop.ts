import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock, withTargetVariable } from "../defineBlock";

/** The most iterations an author may allow one Loop block. */
export const maxLoopIterations = 1_000;

export const loopOptionsSchema = z
  .object({
    /** The list variable whose items are visited in order. */
    listVariableId: textSchema,
    /** Receives the current item before each run of the group. */
    itemVariableId: textSchema,
    /** Receives the current item's position, from 1. */
    indexVariableId: textSchema,
    /** The group run once per item (a group of this bot). */
    groupId: textSchema,
    /** Guard against runaway flows: the loop stops after this many runs of the group. */
    maxIterations: z.number().int().min(1).max(maxLoopIterations),
  })
  .partial();
export type LoopOptions = z.infer<typeof loopOptionsSchema>;

/**
 * `Loop`: "for each item of a list variable", runs a group once per item, then goes on along its own
 * exit. This product's own kind (Typebot has none), so its wire type is ours.
 */
export const loopBlockSchema = blockBaseSchema.extend({
  type: z.literal("Loop"),
  options: loopOptionsSchema.optional(),
});
export type LoopBlock = z.infer<typeof loopBlockSchema>;

export const defaultLoopOptions = { maxIterations: 100 } as const satisfies LoopOptions;

export const loopBlock = defineBlock({
  type: "Loop",
  schema: loopBlockSchema,
  category: "logic",
  defaults: defaultLoopOptions,
  catalogue: { label: "Loop", icon: "Repeat", keywords: "for each list iterate repeat" },
  getSummary: (block, context) => {
    const list = context.variableName(block.options?.listVariableId);
    const group = context.groupTitle(block.options?.groupId);
    if (!list || !group) return null;
    return withTargetVariable(
      context.t("forEachItemOf", { list: `{{${list}}}`, group }),
      block.options?.itemVariableId,
      context,
    );
  },
  settings: {
    fieldLabels: {
      listVariableId: "List to go through",
      itemVariableId: "Save each item in",
      indexVariableId: "Save its position in",
      groupId: "Group to run for each item",
      maxIterations: "Maximum iterations",
    },
  },
});
