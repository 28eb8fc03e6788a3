import { z } from "zod";
import { textSchema } from "../text";

export const chatLogStatuses = ["error", "success", "info"] as const;

/** What a block reported during the last execution (`logs[]`). */
export const chatLogSchema = z
  .object({
    status: z.enum(chatLogStatuses),
    description: textSchema,
    /** More detail, e.g. the response body of a failed HTTP request. */
    details: textSchema.nullable().default(null),
    /** What was running, e.g. "While executing HTTP request". */
    context: textSchema.nullable().default(null),
  })
  .meta({ id: "ChatLog" });
export type ChatLog = z.infer<typeof chatLogSchema>;
/** A log as a server builds it: `details` and `context` may be left out (null). */
export type ChatLogInput = z.input<typeof chatLogSchema>;
