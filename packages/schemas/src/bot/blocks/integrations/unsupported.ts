import { z } from "zod";
import { jsonValueSchema, textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import type { BlockTextTranslator } from "../editor-texts/blockEditorTexts";

/**
 * A block of a kind this product does not run (a Typebot plug-in such as `elevenlabs`, or any
 * unknown `type`), kept by an import as it was exported so that nothing is lost: the walk skips
 * it with a log line and goes on along its outgoing edge, and an export gives it back unchanged.
 */
export const unsupportedOptionsSchema = z
  .object({
    /** The exported `type`, e.g. `elevenlabs`. */
    blockType: textSchema,
    /** The exported block without `id` and `outgoingEdgeId` (those stay on the block). */
    block: z.record(textSchema, jsonValueSchema),
  })
  .partial();
export type UnsupportedOptions = z.infer<typeof unsupportedOptionsSchema>;

export const unsupportedBlockSchema = blockBaseSchema.extend({
  type: z.literal("unsupported"),
  options: unsupportedOptionsSchema.optional(),
});
export type UnsupportedBlock = z.infer<typeof unsupportedBlockSchema>;

/** What the canvas and the run logs call an unsupported block. */
export const getUnsupportedBlockLabel = (block: UnsupportedBlock, t: BlockTextTranslator): string =>
  t("notSupportedYet", { blockType: block.options?.blockType ?? t("unknownBlockType") });

export const unsupportedBlock = defineBlock({
  type: "unsupported",
  schema: unsupportedBlockSchema,
  category: "integration",
  defaults: {},
  catalogue: { label: "Unsupported block", icon: "Ban", isHidden: true },
  getSummary: (block, context) => getUnsupportedBlockLabel(block, context.t),
  settings: {
    panel: "readOnly",
    description: "unsupportedDescription",
  },
});
