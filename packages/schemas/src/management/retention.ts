import { z } from "zod";

/** The longest retention a workspace or bot may set: ten years. */
export const maxRetentionDays = 3650;

/**
 * Data retention in days: results (with their answers, logs, uploaded files and sessions) created more
 * than this many days ago are deleted by the retention job. `null`: off (a bot: the workspace's value).
 */
export const retentionDaysSchema = z
  .number()
  .int("Retention is a whole number of days")
  .min(1, "Retention is at least 1 day")
  .max(maxRetentionDays, `Retention is at most ${maxRetentionDays} days`)
  .nullable()
  .meta({ example: 90 });

/**
 * The retention that applies to a bot's results: its own when set (shorter or longer than the
 * workspace's), else the workspace's; null when neither is set (kept forever).
 */
export function getEffectiveRetentionDays(
  botDays: number | null | undefined,
  workspaceDays: number | null | undefined,
): number | null {
  return botDays ?? workspaceDays ?? null;
}

/** GET /bots/{botId}/retention: the bot's own value, the workspace's, and the one the job applies. */
export const botRetentionSchema = z
  .object({
    retentionDays: retentionDaysSchema.describe("The bot's own retention; null = the workspace's"),
    workspaceRetentionDays: retentionDaysSchema.describe("The workspace's retention; null = off"),
    effectiveRetentionDays: retentionDaysSchema.describe(
      "What the retention job applies to this bot's results: its own, else the workspace's; null = kept forever",
    ),
  })
  .meta({ id: "BotRetention" });
export type BotRetention = z.infer<typeof botRetentionSchema>;
