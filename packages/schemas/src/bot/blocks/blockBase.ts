import { z } from "zod";

/** Fields every block carries; `outgoingEdgeId` is the default exit. */
export const blockBaseSchema = z.object({
  id: z.string().min(1),
  outgoingEdgeId: z.string().min(1).optional(),
  /** Author's note shown on the block in the editor. */
  label: z.string().optional(),
});

/** Fields every item (choice, picture choice, condition, AB test path, card path) carries. */
export const itemBaseSchema = z.object({
  id: z.string().min(1),
  outgoingEdgeId: z.string().min(1).optional(),
});

/** `{id, key, value}` rows of headers, query parameters, pixel parameters. */
export const keyValueSchema = z.object({
  id: z.string().min(1),
  key: z.string().optional(),
  value: z.string().optional(),
});
export type KeyValue = z.infer<typeof keyValueSchema>;

/** Number options that also accept a `{{variable}}` reference. */
export const numberOrVariableSchema = z.union([z.number(), z.string()]);

/** Who can open files uploaded through an input. */
export const fileVisibilities = ["Auto", "Public", "Private"] as const;
export const fileVisibilitySchema = z.enum(fileVisibilities);
