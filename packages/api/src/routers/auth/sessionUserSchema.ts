import { textSchema } from "@parley/schemas/text";
import { z } from "zod";

export const sessionUserSchema = z.object({ id: textSchema, email: textSchema, name: textSchema.nullable() });
