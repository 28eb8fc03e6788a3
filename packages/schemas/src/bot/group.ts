import { z } from "zod";
import { textSchema } from "../text";
import { blockSchema } from "./blocks";
import { graphCoordinatesSchema } from "./graphCoordinates";

/** A card on the canvas holding blocks run top to bottom. */
export const groupSchema = z
  .object({
    id: textSchema.min(1),
    title: textSchema,
    graphCoordinates: graphCoordinatesSchema,
    blocks: z.array(blockSchema),
  })
  .meta({ id: "Group" });
export type Group = z.infer<typeof groupSchema>;
