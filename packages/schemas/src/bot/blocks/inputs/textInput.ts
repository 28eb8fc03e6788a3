import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema, fileVisibilitySchema } from "../blockBase";
import { defineBlock, withTargetVariable } from "../defineBlock";
import { inputLabelsSchema } from "./inputLabels";

/** Virtual keyboard hint of the text field. */
export const textInputModes = ["text", "decimal", "numeric", "tel", "search", "email", "url"] as const;
export const textInputModeSchema = z.enum(textInputModes);

const captureSchema = z
  .object({ isEnabled: z.boolean(), saveVariableId: textSchema, visibility: fileVisibilitySchema })
  .partial();

export const textInputOptionsSchema = z
  .object({
    variableId: textSchema,
    labels: inputLabelsSchema,
    isLong: z.boolean(),
    inputMode: textInputModeSchema,
    /** Voice replies: the recording URL goes to `saveVariableId`. */
    audioClip: captureSchema,
    /** Files attached to a text reply: their URLs go to `saveVariableId`. */
    attachments: captureSchema,
  })
  .partial();
export type TextInputOptions = z.infer<typeof textInputOptionsSchema>;

export const textInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("text input"),
  options: textInputOptionsSchema.optional(),
});
export type TextInputBlock = z.infer<typeof textInputBlockSchema>;

export const defaultTextInputOptions = {
  labels: { placeholder: "Type your answer...", button: "Send" },
  isLong: false,
  inputMode: "text",
  audioClip: { isEnabled: false, visibility: "Auto" },
  attachments: { isEnabled: false, visibility: "Auto" },
} as const satisfies TextInputOptions;

export const textInputBlock = defineBlock({
  type: "text input",
  schema: textInputBlockSchema,
  category: "input",
  texts: { fields: ["options.labels.placeholder", "options.labels.button"] },
  defaults: defaultTextInputOptions,
  catalogue: { label: "Text", icon: "TextCursorInput", keywords: "question answer" },
  getSummary: (block, context) =>
    withTargetVariable(
      block.options?.labels?.placeholder ?? context.t("textInputPlaceholder"),
      block.options?.variableId,
      context,
    ),
  textChannel: (input, t) => ({
    text: input.options?.labels?.placeholder ?? t("textPlaceholder"),
  }),
});
