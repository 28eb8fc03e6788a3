import { z } from "zod";
import { inputBlockSchema } from "../bot/blocks";

/** Stripe data the widget needs to show a payment input. */
export const paymentRuntimeOptionsSchema = z.object({
  paymentIntentSecret: z.string(),
  amountLabel: z.string(),
  publicKey: z.string(),
  /** Messaging channels only: the page where the payment is made (the channel cannot show a card form). */
  paymentUrl: z.string().optional(),
});
export type PaymentRuntimeOptions = z.infer<typeof paymentRuntimeOptionsSchema>;

/** The fields a chat input carries besides its block's (`null` when not applicable). */
export const chatInputRuntimeSchema = z.object({
  /** Current value of the input's variable, when "prefill inputs" is on. */
  prefilledValue: z.string().nullable().default(null),
  /** Payment inputs only. */
  runtimeOptions: paymentRuntimeOptionsSchema.nullable().default(null),
});
export type ChatInputRuntime = z.infer<typeof chatInputRuntimeSchema>;

/**
 * The input to show (`input` of chat responses): the input block after variable
 * substitution and item filtering, plus runtime fields.
 */
export const chatInputSchema = inputBlockSchema.and(chatInputRuntimeSchema);
export type ChatInput = z.infer<typeof chatInputSchema>;
