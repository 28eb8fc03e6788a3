import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

export const redirectOptionsSchema = z.object({ url: textSchema, isNewTab: z.boolean() }).partial();
export type RedirectOptions = z.infer<typeof redirectOptionsSchema>;

export const redirectBlockSchema = blockBaseSchema.extend({
  type: z.literal("Redirect"),
  options: redirectOptionsSchema.optional(),
});
export type RedirectBlock = z.infer<typeof redirectBlockSchema>;

export const defaultRedirectOptions = { isNewTab: false } as const satisfies RedirectOptions;

export const redirectBlock = defineBlock({
  type: "Redirect",
  schema: redirectBlockSchema,
  category: "logic",
  defaults: defaultRedirectOptions,
  catalogue: { label: "Redirect", icon: "ExternalLink", keywords: "url" },
  getSummary: (block, context) =>
    block.options?.url ? context.t("redirectTo", { url: block.options.url }) : null,
});
