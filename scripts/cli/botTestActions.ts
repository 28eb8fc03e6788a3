import { writeFile } from "node:fs/promises";
import { type BotTestsReport, runBotTests } from "@parley/api/bot-tests/runBotTests";
import { AppError } from "@parley/platform/errors";
import { z } from "zod";
import { type CommandRun, writeLine } from "./cliContext";
import { writeJson } from "./output";
import { idOption, parseOptions } from "./parseOptions";

/** `bot test <botId>`: the bot's tests on its draft; a failing one makes the command fail (exit code 1). */
export async function testBot(run: CommandRun, botId: string, values: unknown) {
  const input = parseOptions(
    z.object({
      botId: idOption,
      testId: z.array(idOption).optional(),
      junit: z.string().min(1).optional(),
    }),
    { ...(values as object), botId },
  );
  const prisma = await run.database();
  const bot = await prisma.bot.findFirst({ where: { id: input.botId, isArchived: false } });
  if (!bot) throw new AppError("NOT_FOUND", [{ message: `No bot with id ${input.botId}` }]);
  const report = await runBotTests(prisma, bot, { testIds: input.testId });
  if (input.junit) await writeFile(input.junit, toJUnitXml({ id: bot.id, name: bot.name }, report));
  if (run.json) writeJson(run, report);
  else writeReport(run, bot.name, report);
  const { failed, total } = report.summary;
  if (failed > 0) throw new Error(`${failed} of ${total} test(s) failed`);
}

function writeReport(run: CommandRun, botName: string, report: BotTestsReport) {
  if (report.results.length === 0) {
    writeLine(run.stdout, `"${botName}" has no tests`);
    return;
  }
  for (const result of report.results) {
    const line = `${result.status === "passed" ? "PASS" : "FAIL"}  ${result.name} (${result.testId}, ${result.durationMs} ms)`;
    writeLine(run.stdout, line);
    if (result.failure) {
      writeLine(run.stdout, `      step ${result.failure.stepIndex + 1} [${result.failure.code}]`);
      writeLine(run.stdout, `      expected: ${result.failure.expected}`);
      writeLine(run.stdout, `      actual:   ${result.failure.actual}`);
    }
  }
  const { total, passed, failed } = report.summary;
  writeLine(run.stdout, `\n${total} test(s): ${passed} passed, ${failed} failed`);
}

/**
 * The results as JUnit XML, the format CI servers read: one test suite for the bot, one test case per test, a
 * `failure` (type = the result's code) holding the first difference.
 */
export function toJUnitXml(bot: { id: string; name: string }, report: BotTestsReport): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = report.results.reduce((sum, result) => sum + result.durationMs, 0);
  const counts = `tests="${report.summary.total}" failures="${report.summary.failed}" errors="0" skipped="0" time="${seconds(total)}"`;
  const cases = report.results.map((result) => {
    const open = `    <testcase classname="${escapeXml(`bot.${bot.id}`)}" name="${escapeXml(result.name)}" time="${seconds(result.durationMs)}"`;
    if (!result.failure) return `${open}/>`;
    const { stepIndex, code, expected, actual } = result.failure;
    const message = `Step ${stepIndex + 1}: expected ${expected}; got ${actual}`;
    const body = `step ${stepIndex + 1} (index ${stepIndex})\nexpected: ${expected}\nactual: ${actual}`;
    return `${open}>\n      <failure type="${escapeXml(code)}" message="${escapeXml(message)}">${escapeXml(body)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="Parley bot tests" ${counts}>`,
    `  <testsuite name="${escapeXml(bot.name)}" ${counts}>`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

// Characters XML 1.0 cannot hold at all (control characters but tab, line feed and carriage return).
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what this removes
const notXmlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(text: string): string {
  return text
    .replace(notXmlCharacters, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
