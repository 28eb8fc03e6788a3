import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock, withTargetVariable } from "../defineBlock";
import { inputLabelsSchema } from "./inputLabels";

export const emailInputOptionsSchema = z
  .object({ variableId: textSchema, labels: inputLabelsSchema, retryMessageContent: textSchema })
  .partial();
export type EmailInputOptions = z.infer<typeof emailInputOptionsSchema>;

export const emailInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("email input"),
  options: emailInputOptionsSchema.optional(),
});
export type EmailInputBlock = z.infer<typeof emailInputBlockSchema>;

export const defaultEmailInputOptions = {
  labels: { placeholder: "Type your email...", button: "Send" },
} as const satisfies EmailInputOptions;

export const emailInputBlock = defineBlock({
  type: "email input",
  schema: emailInputBlockSchema,
  category: "input",
  texts: { fields: ["options.labels.placeholder", "options.labels.button"] },
  defaults: defaultEmailInputOptions,
  catalogue: { label: "Email", icon: "AtSign" },
  getSummary: (block, context) =>
    withTargetVariable(
      block.options?.labels?.placeholder ?? context.t("emailInputPlaceholder"),
      block.options?.variableId,
      context,
    ),
  textChannel: (_input, t) => ({ text: t("email") }),
});
