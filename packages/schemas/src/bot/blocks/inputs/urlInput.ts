import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock, withTargetVariable } from "../defineBlock";
import { inputLabelsSchema } from "./inputLabels";

export const urlInputOptionsSchema = z
  .object({ variableId: textSchema, labels: inputLabelsSchema, retryMessageContent: textSchema })
  .partial();
export type UrlInputOptions = z.infer<typeof urlInputOptionsSchema>;

export const urlInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("url input"),
  options: urlInputOptionsSchema.optional(),
});
export type UrlInputBlock = z.infer<typeof urlInputBlockSchema>;

export const defaultUrlInputOptions = {
  labels: { placeholder: "Type a URL...", button: "Send" },
} as const satisfies UrlInputOptions;

export const urlInputBlock = defineBlock({
  type: "url input",
  schema: urlInputBlockSchema,
  category: "input",
  texts: { fields: ["options.labels.placeholder", "options.labels.button"] },
  defaults: defaultUrlInputOptions,
  catalogue: { label: "Website", icon: "Link", keywords: "url link" },
  getSummary: (block, context) =>
    withTargetVariable(
      block.options?.labels?.placeholder ?? context.t("urlInputPlaceholder"),
      block.options?.variableId,
      context,
    ),
  textChannel: (_input, t) => ({ text: t("url") }),
});
