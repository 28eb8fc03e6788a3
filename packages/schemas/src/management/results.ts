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
