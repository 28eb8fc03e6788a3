import { timeFilterSchema, timeZoneSchema } from "@parley/schemas/management/common";
import { z } from "zod";

export const timeRangeInputSchema = z.object({
  timeFilter: timeFilterSchema.default("last7Days"),
  timeZone: timeZoneSchema.default("UTC"),
});
