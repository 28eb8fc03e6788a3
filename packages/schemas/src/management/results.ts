import { z } from "zod";
import { textSchema } from "../text";
import { idSchema, timestampSchema } from "./common";

export const answerSchema = z
  .object({
    blockId: textSchema,
    groupId: textSchema,
    content: textSchema,
    attachedFileUrls: z.array(textSchema).nullable(),
    createdAt: timestampSchema,
  })
  .meta({ id: "Answer" });
export type Answer = z.infer<typeof answerSchema>;

export const resultVariableSchema = z.object({
  id: textSchema,
  name: textSchema,
  value: z.union([textSchema, z.array(textSchema.nullable()), z.null()]),
});

export const resultSchema = z
  .object({
    id: idSchema,
    createdAt: timestampSchema,
    hasStarted: z.boolean(),
    isCompleted: z.boolean(),
    language: textSchema
      .nullable()
      .describe(
        "The visitor's language (BCP 47) of a bot with several languages, as it was at the chat's last turn; null for a one-language bot",
      ),
    variables: z.array(resultVariableSchema),
    answers: z.array(answerSchema),
  })
  .meta({ id: "Result" });
export type Result = z.infer<typeof resultSchema>;

export const transcriptEntrySchema = z.object({
  role: z.enum(["bot", "user"]),
  blockId: textSchema,
  text: textSchema,
});

/** The statuses a result's log line carries (what the blocks reported, as in a chat response's `logs`). */
export const resultLogStatuses = ["error", "success", "info"] as const;

/** One line of a result's logs: what a block reported while the chat ran (HTTP requests, e-mails, AI…). */
export const resultLogSchema = z
  .object({
    id: idSchema,
    createdAt: timestampSchema,
    status: z.enum(resultLogStatuses),
    description: textSchema,
    details: textSchema.nullable().describe("More detail, e.g. the body of a failed HTTP response"),
    context: textSchema.nullable().describe("What was running, e.g. the block id"),
  })
  .meta({ id: "ResultLog" });
export type ResultLog = z.infer<typeof resultLogSchema>;
