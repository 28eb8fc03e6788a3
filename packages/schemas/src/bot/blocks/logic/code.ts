import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

export const codeOptionsSchema = z
  .object({
    name: textSchema,
    /** JavaScript; variables are referenced as `{{Name}}`. */
    content: textSchema,
    isExecutedOnClient: z.boolean(),
    /** Set on imported code: never run with the author's trust. */
    isUnsafe: z.boolean(),
    /** Run in the embedding page instead of the widget's frame. */
    shouldExecuteInParentContext: z.boolean(),
  })
  .partial();
export type CodeOptions = z.infer<typeof codeOptionsSchema>;

/** The "Script" block (wire type `Code`). */
export const codeBlockSchema = blockBaseSchema.extend({
  type: z.literal("Code"),
  options: codeOptionsSchema.optional(),
});
export type CodeBlock = z.infer<typeof codeBlockSchema>;

export const defaultCodeOptions = {
  name: "Script",
  isExecutedOnClient: true,
  shouldExecuteInParentContext: false,
} as const satisfies CodeOptions;

export const codeBlock = defineBlock({
  type: "Code",
  schema: codeBlockSchema,
  category: "logic",
  defaults: defaultCodeOptions,
  catalogue: { label: "Script", icon: "Code", keywords: "javascript code" },
  getSummary: (block, context) =>
    block.options?.content
      ? context.t("runScript", { name: block.options.name || context.t("defaultScriptName") })
      : null,
  settings: { isCodeField: (key) => (key === "content" ? true : undefined) },
});
