import { z } from "zod";

/**
 * A boolean query parameter: "true"/"false" (also "1"/"0"). trpc-to-openapi
 * would coerce a plain z.boolean() with Boolean(), turning "false" into true.
 */
export const queryBooleanSchema = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");
