import { z } from "zod";
import { timestampSchema } from "./common";

/** The automatic rollback rule of a canary release (docs/publishing.md, "Canary releases"). */
export const canaryRollbackRuleSchema = z
  .strictObject({
    maxDropPoints: z
      .number()
      .min(0.1)
      .max(100)
      .describe(
        "Roll back when the canary's completion rate is lower than the current version's by more than this many percentage points",
      ),
    minStarts: z
      .number()
      .int()
      .min(10)
      .max(1_000_000)
      .describe("…once the canary has at least this many chats (the rule waits until then)"),
  })
  .meta({ id: "CanaryRollbackRule" });

/** A canary's share of new chats, in percent. */
export const canaryPercentSchema = z
  .number()
  .int()
  .min(1)
  .max(99)
  .describe("The share of new chats that start on the canary, in percent (1 to 99)");

/** What publishing as a canary asks for. */
export const canaryPublishSchema = z
  .strictObject({
    percent: canaryPercentSchema,
    autoRollback: canaryRollbackRuleSchema.optional().describe("No automatic rollback when absent"),
  })
  .meta({ id: "CanaryPublish" });

export const canaryReleaseSchema = z
  .object({
    version: z.number().int().describe("The canary's version number"),
    currentVersion: z.number().int().describe("The version the other chats start on"),
    percent: z.number().int().describe("Share of new chats on the canary, percent"),
    startedAt: timestampSchema,
    autoRollback: canaryRollbackRuleSchema.nullable(),
  })
  .meta({ id: "CanaryRelease" });

/** One published version's numbers over a range. */
export const versionStatsSchema = z
  .object({
    version: z.number().int(),
    totalViews: z.number().int().describe("Chats started on this version"),
    totalStarts: z.number().int().describe("Those with at least one answer"),
    totalCompleted: z.number().int().describe("Those that reached the end of the flow"),
    completionRate: z.number().nullable().describe("totalCompleted / totalViews, 0 to 1; null without chats"),
    averageDurationSeconds: z
      .number()
      .nullable()
      .describe("Mean time from a chat's start to its last turn, of chats with an answer; null without any"),
    totalAnsweredByHuman: z.number().int().describe("Chats a person took over in the inbox (Human handoff)"),
    answeredByHumanRate: z
      .number()
      .nullable()
      .describe("totalAnsweredByHuman / totalViews; null without chats"),
  })
  .meta({ id: "VersionStats" });

/** A two-proportion z-test of two completion rates (b against a). */
export const proportionComparisonSchema = z
  .object({
    test: z.literal("two-proportion z-test"),
    difference: z.number().nullable().describe("b's rate minus a's, -1 to 1; null when either has no chats"),
    confidenceInterval95: z
      .tuple([z.number(), z.number()])
      .nullable()
      .describe("95 % interval of the difference (Wald, unpooled)"),
    zScore: z
      .number()
      .nullable()
      .describe("null when either side has no chats or the rates are 0 or 1 on both"),
    pValue: z.number().nullable().describe("Two-sided"),
    isSignificant: z.boolean().describe("pValue below 0.05"),
  })
  .meta({ id: "ProportionComparison" });

export const canaryComparisonSchema = z
  .object({
    since: timestampSchema.describe("The canary's start: both sides count the chats started since"),
    current: versionStatsSchema,
    canary: versionStatsSchema,
    completionRate: proportionComparisonSchema.describe("The canary (b) against the current version (a)"),
  })
  .meta({ id: "CanaryComparison" });

export type CanaryRollbackRule = z.infer<typeof canaryRollbackRuleSchema>;
export type CanaryPublish = z.infer<typeof canaryPublishSchema>;
export type CanaryRelease = z.infer<typeof canaryReleaseSchema>;
export type VersionStats = z.infer<typeof versionStatsSchema>;
export type CanaryComparison = z.infer<typeof canaryComparisonSchema>;
