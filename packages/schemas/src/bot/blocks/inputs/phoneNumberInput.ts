import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock, withTargetVariable } from "../defineBlock";
import { inputLabelsSchema } from "./inputLabels";

export const phoneNumberInputOptionsSchema = z
  .object({
    variableId: textSchema,
    labels: inputLabelsSchema,
    retryMessageContent: textSchema,
    /** ISO 3166-1 alpha-2 country assumed for numbers typed without a prefix (`FR`, `US`). */
    defaultCountryCode: textSchema,
  })
  .partial();
export type PhoneNumberInputOptions = z.infer<typeof phoneNumberInputOptionsSchema>;

export const phoneNumberInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("phone number input"),
  options: phoneNumberInputOptionsSchema.optional(),
});
export type PhoneNumberInputBlock = z.infer<typeof phoneNumberInputBlockSchema>;

export const defaultPhoneNumberInputOptions = {
  labels: { placeholder: "Type your phone number...", button: "Send" },
} as const satisfies PhoneNumberInputOptions;

export const phoneNumberInputBlock = defineBlock({
  type: "phone number input",
  schema: phoneNumberInputBlockSchema,
  category: "input",
  texts: { fields: ["options.labels.placeholder", "options.labels.button"] },
  defaults: defaultPhoneNumberInputOptions,
  catalogue: { label: "Phone", icon: "Phone" },
  getSummary: (block, context) =>
    withTargetVariable(
      block.options?.labels?.placeholder ?? context.t("phoneInputPlaceholder"),
      block.options?.variableId,
      context,
    ),
  textChannel: (input, t) => ({
    text: input.options?.defaultCountryCode ? t("phone") : t("phoneWithCountryCode"),
  }),
});
