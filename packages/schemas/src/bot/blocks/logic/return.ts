import { z } from "zod";
import { blockBaseSchema } from "../blockBase";

/** Goes back to the block after the last Jump. */
export const returnBlockSchema = blockBaseSchema.extend({ type: z.literal("Return") });
export type ReturnBlock = z.infer<typeof returnBlockSchema>;
