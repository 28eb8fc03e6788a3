import { z } from "zod";
import { textSchema } from "../text";

export const blockEdgeSourceSchema = z.object({
  blockId: textSchema.min(1),
  itemId: textSchema.min(1).optional(),
  pathId: textSchema.min(1).optional(),
});
export const eventEdgeSourceSchema = z.object({ eventId: textSchema.min(1) });

/** Where an edge leaves: a block (its default exit, one of its items, or a card path) or an event. */
export const edgeSourceSchema = z.union([eventEdgeSourceSchema, blockEdgeSourceSchema]);
export type EdgeSource = z.infer<typeof edgeSourceSchema>;

/** Where an edge arrives: a group, at `blockId` or (absent) its first block. */
export const edgeTargetSchema = z.object({
  groupId: textSchema.min(1),
  blockId: textSchema.min(1).optional(),
});
export type EdgeTarget = z.infer<typeof edgeTargetSchema>;

export const edgeSchema = z
  .object({
    id: textSchema.min(1),
    from: edgeSourceSchema,
    to: edgeTargetSchema,
  })
  .meta({ id: "Edge" });
export type Edge = z.infer<typeof edgeSchema>;

export function isEventEdgeSource(source: EdgeSource): source is z.infer<typeof eventEdgeSourceSchema> {
  return "eventId" in source;
}
