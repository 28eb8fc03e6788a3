import { z } from "zod";
import { blockBaseSchema } from "../blockBase";
import { inputLabelsSchema } from "./inputLabels";

export const emailInputOptionsSchema = z
  .object({ variableId: z.string(), labels: inputLabelsSchema, retryMessageContent: z.string() })
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
