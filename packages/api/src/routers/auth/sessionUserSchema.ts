import { z } from "zod";

export const sessionUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string().nullable() });
