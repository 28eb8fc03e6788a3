import { z } from "zod";

/** A variable holds a string, a list (of strings, holes allowed) or nothing. */
export const variableValueSchema = z.union([z.string(), z.array(z.string().nullable()), z.null()]);
export type VariableValue = z.infer<typeof variableValueSchema>;

export const variableSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  value: variableValueSchema.optional(),
  /** Session variables are never written to the result. */
  isSessionVariable: z.boolean().optional(),
});
export type Variable = z.infer<typeof variableSchema>;
