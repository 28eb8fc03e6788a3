import { botTestResultSchema } from "@parley/schemas";
import { idSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botRowProcedure } from "../../access/procedures";
import { runBotTests as runTests } from "../../bot-tests/runBotTests";
import { readWriteErrors } from "../errorLists";

export const botTestsReportSchema = z
  .object({
    results: z.array(botTestResultSchema),
    summary: z.object({ total: z.number().int(), passed: z.number().int(), failed: z.number().int() }),
  })
  .meta({ id: "BotTestsReport" });

export const runBotTests = botRowProcedure("read")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/tests/run",
      tags: ["Bots"],
      summary: "Run a bot's tests",
      description:
        "Runs the bot's tests (its `tests`, or those named in `testIds`) against its draft, as a live chat of it would run once published, and answers per test `passed`, or `failed` with the FIRST difference: the step (0-based `stepIndex`), what the test `expected` and what the bot did (`actual`), and a `code`: `EXPECTATION_NOT_MET`, `VISITOR_STEP_IMPOSSIBLE` (an answer the bot does not wait for, a button it does not show), `MISSING_STUB` (an outside-calling block with no stub in the test, named by `blockId`: tests never call the outside world) or `ENGINE_ERROR`. Nothing is stored. Any member may run them (GUEST included); a failing test is not an error: the answer is 200 with its result. An id in `testIds` that names no test of the bot is BAD_REQUEST `UNKNOWN_TEST`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      botId: idSchema,
      testIds: z
        .array(textSchema.min(1).max(100))
        .max(200)
        .optional()
        .describe("The tests to run, by id; all of them when absent"),
    }),
  )
  .output(botTestsReportSchema)
  .mutation(async ({ ctx, input }) => runTests(ctx.prisma, ctx.bot, { testIds: input.testIds }));
