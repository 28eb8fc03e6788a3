import { z } from "zod";

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe("First characters of the token, to tell tokens apart"),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
