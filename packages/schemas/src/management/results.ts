import { z } from "zod";
import { idSchema, timestampSchema } from "./common";

export const answerSchema = z
  .object({
    blockId: z.string(),
    groupId: z.string(),
    content: z.string(),
    attachedFileUrls: z.array(z.string()).nullable(),
    createdAt: timestampSchema,
  })
  .meta({ id: "Answer" });
export type Answer = z.infer<typeof answerSchema>;

export const resultVariableSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: z.union([z.string(), z.array(z.string().nullable()), z.null()]),
});

export const resultSchema = z
  .object({
    id: idSchema,
    createdAt: timestampSchema,
    hasStarted: z.boolean(),
    isCompleted: z.boolean(),
    variables: z.array(resultVariableSchema),
    answers: z.array(answerSchema),
  })
  .meta({ id: "Result" });
export type Result = z.infer<typeof resultSchema>;

export const transcriptEntrySchema = z.object({
  role: z.enum(["bot", "user"]),
  blockId: z.string(),
  text: z.string(),
});
