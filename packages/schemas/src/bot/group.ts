import { z } from "zod";
import { blockSchema } from "./blocks";
import { graphCoordinatesSchema } from "./graphCoordinates";

/** A card on the canvas holding blocks run top to bottom. */
export const groupSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  graphCoordinates: graphCoordinatesSchema,
  blocks: z.array(blockSchema),
});
export type Group = z.infer<typeof groupSchema>;
