import { botTestResultSchema, botTestsSchema } from "@parley/schemas";
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
        "Runs the bot's tests (all, those in `testIds`, or the unsaved `tests`) against its draft: per test `passed`, or `failed` with the first difference. Nothing is stored; a failing test is a 200 answer; an unknown id in `testIds`: `UNKNOWN_TEST`. Details: docs/bot-tests.md.",
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
      tests: botTestsSchema
        .optional()
        .describe(
          "Tests to run instead of the stored ones (a test being written or recorded, not saved yet); `testIds` then names among them",
        ),
    }),
  )
  .output(botTestsReportSchema)
  .mutation(async ({ ctx, input }) =>
    runTests(ctx.prisma, ctx.bot, { testIds: input.testIds, tests: input.tests }),
  );
