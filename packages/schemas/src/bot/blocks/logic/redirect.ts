import { z } from "zod";
import { blockBaseSchema } from "../blockBase";

export const redirectOptionsSchema = z.object({ url: z.string(), isNewTab: z.boolean() }).partial();
export type RedirectOptions = z.infer<typeof redirectOptionsSchema>;

export const redirectBlockSchema = blockBaseSchema.extend({
  type: z.literal("Redirect"),
  options: redirectOptionsSchema.optional(),
});
export type RedirectBlock = z.infer<typeof redirectBlockSchema>;

export const defaultRedirectOptions = { isNewTab: false } as const satisfies RedirectOptions;
