import { z } from "zod";

/** Position of a group or event on the editor canvas. */
export const graphCoordinatesSchema = z.object({ x: z.number(), y: z.number() });
export type GraphCoordinates = z.infer<typeof graphCoordinatesSchema>;
