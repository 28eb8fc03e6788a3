import { z } from "zod";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { httpRequestBlockTraits, httpRequestOptionsSchema } from "./httpRequest";

/** An HTTP request whose URL is set by Zapier when the author connects the block. */
export const zapierBlockSchema = blockBaseSchema.extend({
  type: z.literal("Zapier"),
  options: httpRequestOptionsSchema.optional(),
});
export type ZapierBlock = z.infer<typeof zapierBlockSchema>;

export const zapierBlock = defineBlock({
  type: "Zapier",
  schema: zapierBlockSchema,
  category: "integration",
  catalogue: { label: "Zapier", icon: "Zap" },
  ...httpRequestBlockTraits,
});
