import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

export const jumpOptionsSchema = z
  .object({
    /** Group id, or a `{{variable}}` holding a group title. */
    groupId: textSchema,
    /** Block of that group to land on; absent = its first block. */
    blockId: textSchema,
  })
  .partial();
export type JumpOptions = z.infer<typeof jumpOptionsSchema>;

export const jumpBlockSchema = blockBaseSchema.extend({
  type: z.literal("Jump"),
  options: jumpOptionsSchema.optional(),
});
export type JumpBlock = z.infer<typeof jumpBlockSchema>;

export const jumpBlock = defineBlock({
  type: "Jump",
  schema: jumpBlockSchema,
  category: "logic",
  defaults: {},
  catalogue: { label: "Jump", icon: "CornerDownRight", keywords: "goto" },
  getSummary: (block, context) =>
    block.options?.groupId
      ? context.t("jumpTo", { group: context.groupTitle(block.options.groupId) ?? block.options.groupId })
      : null,
  canvas: { hasDefaultExit: () => false },
  settings: { panel: "jumpTarget" },
});
