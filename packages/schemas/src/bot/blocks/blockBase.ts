import { z } from "zod";
import { textSchema } from "../../text";

/** Fields every block carries; `outgoingEdgeId` is the default exit. */
export const blockBaseSchema = z.object({
  id: textSchema.min(1),
  outgoingEdgeId: textSchema.min(1).optional(),
  /** Author's note shown on the block in the editor. */
  label: textSchema.optional(),
});

/** Fields every item (choice, picture choice, condition, AB test path, card path) carries. */
export const itemBaseSchema = z.object({
  id: textSchema.min(1),
  outgoingEdgeId: textSchema.min(1).optional(),
});

/** `{id, key, value}` rows of headers, query parameters, pixel parameters. */
export const keyValueSchema = z
  .object({
    id: textSchema.min(1),
    key: textSchema.optional(),
    value: textSchema.optional(),
  })
  .meta({ id: "KeyValue" });
export type KeyValue = z.infer<typeof keyValueSchema>;

/** Number options that also accept a `{{variable}}` reference. */
export const numberOrVariableSchema = z.union([z.number(), textSchema]);

/** Who can open files uploaded through an input. */
export const fileVisibilities = ["Auto", "Public", "Private"] as const;
export const fileVisibilitySchema = z.enum(fileVisibilities);
