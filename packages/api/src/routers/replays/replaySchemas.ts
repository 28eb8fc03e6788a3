import { idSchema, timestampSchema } from "@parley/schemas/management/common";
import { transcriptEntrySchema } from "@parley/schemas/management/results";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { replayVerdicts } from "../../replays/botReplays";

const verdictSchema = z
  .enum(replayVerdicts)
  .describe(
    "`samePath`: the draft takes the recorded path; `otherPath`: it parts at `blockId`; `refused`: the input `blockId` refuses the stored answer; `error`: the block `blockId` fails; `notReplayable`: an outside call at `blockId` recorded nothing (never made) or the version it ran on is gone",
  )
  .meta({ id: "ReplayVerdict" });

/** The replay of one stored conversation. */
const replayConversationSchema = z.object({
  resultId: idSchema.describe(
    "The result replayed: GET /bots/{botId}/results/{resultId} gives its stored transcript",
  ),
  status: verdictSchema,
  blockId: textSchema
    .nullable()
    .describe("Where it differs (for `otherPath`: the last block both walks ran)"),
  detail: textSchema
    .nullable()
    .describe("The refused answer, the error, or why the conversation is not replayable; null otherwise"),
  storedNextBlockId: textSchema
    .nullable()
    .describe("`otherPath`: the block the recorded walk ran next (null: it ended)"),
  draftNextBlockId: textSchema
    .nullable()
    .describe("`otherPath`: the block the draft runs next (null: it ends)"),
  draftTranscript: z
    .array(transcriptEntrySchema)
    .describe(
      "What the draft says and asks with the stored answers; empty for `samePath` (the stored transcript)",
    ),
});

export const botReplaySchema = z
  .object({
    id: idSchema,
    botId: idSchema,
    status: z.enum(["queued", "running", "done", "failed"]),
    limit: z.number().int(),
    total: z.number().int().describe("Results found to replay (at most `limit`, newest first)"),
    processed: z.number().int(),
    stoppedEarly: z
      .boolean()
      .describe("The wall-time limit ended the replay before every result was replayed"),
    error: textSchema.nullable(),
    createdAt: timestampSchema,
    startedAt: timestampSchema.nullable(),
    finishedAt: timestampSchema.nullable(),
    draftUpdatedAt: timestampSchema.nullable().describe("When the draft replayed through was saved"),
    summary: z.record(verdictSchema, z.number().int()).describe("Conversations per verdict"),
    groups: z
      .array(
        z.object({
          status: verdictSchema,
          blockId: textSchema.nullable(),
          groupTitle: textSchema
            .nullable()
            .describe("The draft's group holding the block, when it still has it"),
          blockType: textSchema.nullable(),
          count: z.number().int(),
          resultIds: z.array(idSchema),
        }),
      )
      .describe("Conversations that would change, grouped by verdict and block, largest group first"),
    conversations: z.array(replayConversationSchema),
  })
  .meta({ id: "BotReplay" });
export type BotReplayView = z.infer<typeof botReplaySchema>;
