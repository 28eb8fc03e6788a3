import { z } from "zod";
import { blockBaseSchema } from "../blockBase";
import { httpRequestOptionsSchema } from "./httpRequest";

/** An HTTP request whose URL is set by Make.com when the author connects the block. */
export const makeComBlockSchema = blockBaseSchema.extend({
  type: z.literal("Make.com"),
  options: httpRequestOptionsSchema.optional(),
});
export type MakeComBlock = z.infer<typeof makeComBlockSchema>;
