import { z } from "zod";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { httpRequestBlockTraits, httpRequestOptionsSchema } from "./httpRequest";

/** An HTTP request whose URL is set by Pabbly when the author connects the block. */
export const pabblyConnectBlockSchema = blockBaseSchema.extend({
  type: z.literal("Pabbly"),
  options: httpRequestOptionsSchema.optional(),
});
export type PabblyConnectBlock = z.infer<typeof pabblyConnectBlockSchema>;

export const pabblyConnectBlock = defineBlock({
  type: "Pabbly",
  schema: pabblyConnectBlockSchema,
  category: "integration",
  catalogue: { label: "Pabbly", icon: "Workflow" },
  ...httpRequestBlockTraits,
});
