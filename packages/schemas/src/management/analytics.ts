import { z } from "zod";
import { idSchema } from "./common";

export const statsSchema = z
  .object({
    totalViews: z.number().int().describe("Results (chats) created in the range"),
    totalStarts: z.number().int().describe("Those with at least one answer"),
    totalCompleted: z.number().int().describe("Those that reached the end of the flow"),
  })
  .meta({ id: "Stats" });

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
  })
  .meta({ id: "FlowAnalytics" });
