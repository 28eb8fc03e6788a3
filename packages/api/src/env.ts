import { z } from "zod";

const booleanFromString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  /** Whether anyone may create an account from the sign-up page (the first user always can). */
  ALLOW_SIGNUP: booleanFromString.default(true),
  /** Public URL of the builder ({base_url}). */
  BUILDER_URL: z.string().url().default("http://localhost:3000"),
  /** Public URL of the viewer ({chat_url}). */
  VIEWER_URL: z.string().url().default("http://localhost:3001"),
});

// biome-ignore lint/style/noProcessEnv: this module is where the api package reads its environment
export const apiEnv = envSchema.parse(process.env);
