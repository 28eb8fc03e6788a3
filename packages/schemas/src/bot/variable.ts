import { z } from "zod";
import { textSchema } from "../text";

/** A variable holds a string, a list (of strings, holes allowed) or nothing. */
export const variableValueSchema = z.union([textSchema, z.array(textSchema.nullable()), z.null()]);
export type VariableValue = z.infer<typeof variableValueSchema>;

export const variableSchema = z
  .object({
    id: textSchema.min(1),
    name: textSchema,
    value: variableValueSchema.optional(),
    /** Session variables are never written to the result. */
    isSessionVariable: z.boolean().optional(),
  })
  .meta({ id: "Variable" });
export type Variable = z.infer<typeof variableSchema>;
