import { z } from "zod";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { httpRequestBlockTraits, httpRequestOptionsSchema } from "./httpRequest";

/** An HTTP request whose URL is set by Make.com when the author connects the block. */
export const makeComBlockSchema = blockBaseSchema.extend({
  type: z.literal("Make.com"),
  options: httpRequestOptionsSchema.optional(),
});
export type MakeComBlock = z.infer<typeof makeComBlockSchema>;

export const makeComBlock = defineBlock({
  type: "Make.com",
  schema: makeComBlockSchema,
  category: "integration",
  catalogue: { label: "Make.com", icon: "Workflow" },
  ...httpRequestBlockTraits,
});
