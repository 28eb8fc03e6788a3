import { textSchema } from "@parley/schemas/text";

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Result ids in a query string: comma-separated, at most 1,000. */
export const resultIdsSchema = textSchema
  .max(70_000)
  .transform((value) =>
    value
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .refine((ids) => ids.length > 0 && ids.length <= 1000, "Give 1 to 1,000 comma-separated result ids")
  .refine((ids) => ids.every((id) => ID_PATTERN.test(id)), "Not a valid identifier")
  .meta({ example: "clx1a2b3c4d5e6f7g8h9i0j1,clx9z8y7x6w5v4u3t2s1r0q9" });
