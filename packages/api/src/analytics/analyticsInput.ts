import { languageTagSchema } from "@parley/schemas";
import { z } from "zod";
import { languageDescribed } from "../results/resultsFilter";
import { timeRangeInputSchema } from "./timeRangeInput";

/** The input of the analytics procedures: the range (default `last7Days`) and, optionally, one language and one version. */
export const analyticsInputSchema = timeRangeInputSchema("last7Days").extend({
  language: languageDescribed(languageTagSchema.optional()),
  version: z
    .number()
    .int()
    .min(1)
    .max(999_999_999)
    .optional()
    .describe(
      "Only chats started on this published version (its number; GET …/analytics/versions compares them). The flow analytics then walk that version's flow.",
    ),
});
