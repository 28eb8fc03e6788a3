import { z } from "zod";

const envSchema = z.object({
  /** Public URL of the viewer (share pages, chat API, /embed.js). */
  VIEWER_URL: z.string().url().default("http://localhost:3001"),
});

// biome-ignore lint/style/noProcessEnv: this module is where the builder app reads its environment
export const builderEnv = envSchema.parse(process.env);
