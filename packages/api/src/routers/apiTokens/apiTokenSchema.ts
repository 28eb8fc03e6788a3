import { textSchema } from "@parley/schemas/text";
import { z } from "zod";

export const apiTokenSchema = z.object({
  id: textSchema,
  name: textSchema,
  prefix: textSchema.describe("First characters of the token, to tell tokens apart"),
  createdAt: textSchema,
  lastUsedAt: textSchema.nullable(),
});
