import { z } from "zod";

export const chatLogStatuses = ["error", "success", "info"] as const;

/** What a block reported during the last execution (`logs[]`). */
export const chatLogSchema = z.object({
  status: z.enum(chatLogStatuses),
  description: z.string(),
  /** More detail, e.g. the response body of a failed HTTP request. */
  details: z.string().nullable().default(null),
  /** What was running, e.g. "While executing HTTP request". */
  context: z.string().nullable().default(null),
});
export type ChatLog = z.infer<typeof chatLogSchema>;
/** A log as a server builds it: `details` and `context` may be left out (null). */
export type ChatLogInput = z.input<typeof chatLogSchema>;
