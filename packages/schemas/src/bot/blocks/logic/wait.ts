import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

export const waitOptionsSchema = z
  .object({
    /** Seconds, as text because it may be a `{{variable}}`. */
    secondsToWaitFor: textSchema,
    /** Hold the flow until the client confirms the wait is over. */
    shouldPause: z.boolean(),
  })
  .partial();
export type WaitOptions = z.infer<typeof waitOptionsSchema>;

export const waitBlockSchema = blockBaseSchema.extend({
  type: z.literal("Wait"),
  options: waitOptionsSchema.optional(),
});
export type WaitBlock = z.infer<typeof waitBlockSchema>;

export const defaultWaitOptions = { shouldPause: false } as const satisfies WaitOptions;

export const waitBlock = defineBlock({
  type: "Wait",
  schema: waitBlockSchema,
  category: "logic",
  defaults: defaultWaitOptions,
  catalogue: { label: "Wait", icon: "Hourglass", keywords: "delay pause" },
  getSummary: (block, context) =>
    block.options?.secondsToWaitFor
      ? context.t("waitSeconds", { seconds: block.options.secondsToWaitFor })
      : null,
});
