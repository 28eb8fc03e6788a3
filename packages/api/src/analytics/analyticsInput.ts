import { languageTagSchema } from "@parley/schemas";
import { languageDescribed } from "../results/resultsFilter";
import { timeRangeInputSchema } from "./timeRangeInput";

/** The input of the analytics procedures: the range (default `last7Days`) and, optionally, one language. */
export const analyticsInputSchema = timeRangeInputSchema("last7Days").extend({
  language: languageDescribed(languageTagSchema.optional()),
});
