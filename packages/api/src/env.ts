import { z } from "zod";

const booleanFromString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  /** Whether anyone may create an account from the sign-up page (the first user always can). */
  ALLOW_SIGNUP: booleanFromString.default(true),
  /**
   * Days without activity (the workspace's lastActivityAt, else its creation) after which its ADMINs get an
   * e-mail; unset or 0: no such e-mail is sent. Needs SMTP_HOST.
   */
  INACTIVE_WORKSPACE_EMAIL_DAYS: z.coerce.number().int().min(0).default(0),
  /** Days after the first inactivity e-mail when a second one is sent, if the workspace is still inactive. */
  INACTIVE_WORKSPACE_SECOND_EMAIL_DAYS: z.coerce.number().int().positive().default(7),
  /** Public URL of the viewer ({chat_url}). */
  VIEWER_URL: z.string().url().default("http://localhost:3001"),
});

// biome-ignore lint/style/noProcessEnv: this module is where the api package reads its environment
export const apiEnv = envSchema.parse(process.env);
