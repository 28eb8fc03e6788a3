import { z } from "zod";
import { stripeCredentials } from "../../../credentials/stripeCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

export const paymentProviders = ["Stripe"] as const;
export const paymentProviderSchema = z.enum(paymentProviders);

export const paymentInputOptionsSchema = z
  .object({
    variableId: textSchema,
    provider: paymentProviderSchema,
    credentialsId: textSchema,
    /** Decimal amount in `currency`, or a `{{variable}}`. */
    amount: textSchema,
    /** ISO 4217 code. */
    currency: textSchema,
    labels: z.object({ button: textSchema, success: textSchema }).partial(),
    additionalInformation: z
      .object({
        description: textSchema,
        name: textSchema,
        email: textSchema,
        phoneNumber: textSchema,
        address: z
          .object({
            country: textSchema,
            line1: textSchema,
            line2: textSchema,
            state: textSchema,
            city: textSchema,
            postalCode: textSchema,
          })
          .partial(),
      })
      .partial(),
    retryMessageContent: textSchema,
  })
  .partial();
export type PaymentInputOptions = z.infer<typeof paymentInputOptionsSchema>;

export const paymentInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("payment input"),
  options: paymentInputOptionsSchema.optional(),
});
export type PaymentInputBlock = z.infer<typeof paymentInputBlockSchema>;

export const defaultPaymentInputOptions = {
  provider: "Stripe",
  currency: "USD",
  labels: { button: "Pay", success: "Success" },
  retryMessageContent: "Payment failed. Please, try again.",
} as const satisfies PaymentInputOptions;

export const paymentInputBlock = defineBlock({
  type: "payment input",
  schema: paymentInputBlockSchema,
  category: "input",
  texts: { fields: ["options.labels.button", "options.labels.success", "options.retryMessageContent"] },
  credentials: stripeCredentials,
  defaults: defaultPaymentInputOptions,
  catalogue: { label: "Payment", icon: "CreditCard", keywords: "stripe" },
  getSummary: (block, context) =>
    block.options?.amount
      ? context.t("collectPayment", {
          amount: block.options.amount,
          currency: block.options.currency ?? "USD",
        })
      : null,
  textChannel: (input, t) => {
    const runtime = input.runtimeOptions;
    if (runtime?.paymentUrl)
      return {
        text: t("payment", { amount: runtime.amountLabel }),
        link: {
          label: `${input.options?.labels?.button ?? t("paymentButton")} ${runtime.amountLabel}`,
          url: runtime.paymentUrl,
        },
      };
    return {
      text: runtime
        ? t("paymentElsewhere", { amount: runtime.amountLabel })
        : t("paymentElsewhereWithoutAmount"),
    };
  },
});
