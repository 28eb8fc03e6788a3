import { z } from "zod";
import { inputBlockSchema } from "../bot/blocks";
import { textSchema } from "../text";

/** Stripe data the widget needs to show a payment input. */
export const paymentRuntimeOptionsSchema = z.object({
  paymentIntentSecret: textSchema,
  amountLabel: textSchema,
  publicKey: textSchema,
  /** Messaging channels only: the page where the payment is made (the channel cannot show a card form). */
  paymentUrl: textSchema.optional(),
});
export type PaymentRuntimeOptions = z.infer<typeof paymentRuntimeOptionsSchema>;

/** The fields a chat input carries besides its block's, each returned only when it applies (never `null`). */
export const chatInputRuntimeSchema = z.object({
  /** The current text of the input's variable; returned when it holds some and "prefill inputs" is on. */
  prefilledValue: textSchema.optional(),
  /** Returned for payment inputs only. */
  runtimeOptions: paymentRuntimeOptionsSchema.optional(),
});
export type ChatInputRuntime = z.infer<typeof chatInputRuntimeSchema>;

/**
 * The input to show (`input` of chat responses): the input block after variable
 * substitution and item filtering, plus runtime fields.
 */
export const chatInputSchema = inputBlockSchema.and(chatInputRuntimeSchema).meta({
  id: "ChatInput",
  description: "The input the chat waits on: an input block and its runtime values.",
  // Each part of the intersection is open: the block's fields and the runtime fields make one object.
  override: ({ jsonSchema }: { jsonSchema: { allOf?: { additionalProperties?: unknown }[] } }) => {
    for (const part of jsonSchema.allOf ?? []) delete part.additionalProperties;
  },
});
export type ChatInput = z.infer<typeof chatInputSchema>;
