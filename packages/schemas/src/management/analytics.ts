import { z } from "zod";
import { textSchema } from "../text";
import { proportionComparisonSchema } from "./canary";
import { idSchema } from "./common";

export const statsSchema = z
  .object({
    totalViews: z.number().int().describe("Results (chats) created in the range"),
    totalStarts: z.number().int().describe("Those with at least one answer"),
    totalCompleted: z.number().int().describe("Those that reached the end of the flow"),
  })
  .meta({ id: "Stats" });

export const languageStatsSchema = z
  .object({
    language: textSchema
      .nullable()
      .describe("BCP 47 tag; null for chats of a bot without languages (nothing recorded)"),
    totalViews: z.number().int().describe("Results (chats) created in the range in this language"),
    totalStarts: z.number().int().describe("Those with at least one answer"),
    totalCompleted: z.number().int().describe("Those that reached the end of the flow"),
  })
  .meta({ id: "LanguageStats" });

export const flowAnalyticsSchema = z
  .object({
    totalViews: z.number().int(),
    groups: z.array(
      z.object({ groupId: idSchema, reached: z.number().int().describe("Chats that entered the group") }),
    ),
    inputs: z.array(
      z.object({
        blockId: idSchema,
        groupId: idSchema,
        reached: z.number().int().describe("Chats that were asked this input"),
        answered: z.number().int(),
        dropOff: z.number().int().describe("Chats that stopped at this input"),
        dropOffRate: z.number().describe("dropOff / reached, 0 to 1"),
      }),
    ),
    abTests: z
      .array(
        z.object({
          blockId: idSchema,
          groupId: idSchema,
          paths: z.array(
            z.object({
              path: z.enum(["a", "b"]),
              chats: z.number().int().describe("Chats that took the path"),
              completed: z
                .number()
                .int()
                .nullable()
                .describe("Those that reached the end of the flow; null for a path without its own edge"),
              completionRate: z.number().nullable().describe("completed / chats; null without chats"),
            }),
          ),
          completionRate: proportionComparisonSchema.describe("Path b against path a"),
        }),
      )
      .describe(
        "Each AB test block's paths: their chats and completion, compared with a two-proportion z-test",
      ),
  })
  .meta({ id: "FlowAnalytics" });

export const statsSeriesSchema = z
  .object({
    interval: z.enum(["hour", "day"]).describe("`hour` for ranges under 3 days, else `day`"),
    timeZone: textSchema.describe("The zone of the buckets' local dates"),
    points: z.array(
      z.object({
        date: textSchema.describe("Local date (`2026-11-26`) or hour (`2026-11-26T14:00`) of the bucket"),
        startsAt: textSchema.describe("The instant the bucket starts (ISO 8601, UTC)"),
        views: z.number().int().describe("Results (chats) created in the bucket"),
        starts: z.number().int().describe("Those with at least one answer"),
        completed: z.number().int().describe("Those that reached the end of the flow"),
        completionRate: z.number().nullable().describe("completed / views, 0 to 1; null without views"),
      }),
    ),
  })
  .meta({ id: "StatsSeries" });
