import type { Command } from "commander";
import { type CliContext, commandRun } from "./cliContext";

// Loaded when a bot command runs (the API's import, the schemas): --help never loads them.
const actions = () => import("./botActions");
const testActions = () => import("./botTestActions");

export function addBotCommands(program: Command, context: CliContext) {
  const bot = program.command("bot").description("Bots: list, export, import, test, risk review");
  bot
    .command("list")
    .description(
      "Lists bots, oldest first: id, name, workspace, public id, published version, archived, closed, risk level, last update (with --json, these and the folder and creation time). Archived bots only with --archived.",
    )
    .option("--workspace-id <id>", "only this workspace's bots")
    .option("--name <text>", "only names containing this text (case-insensitive)")
    .option("--archived", "archived bots too")
    .option("--limit <n>", "at most this many (1 to 10000)", "1000")
    .action(async (values: unknown, command: Command) =>
      (await actions()).listBots(commandRun(context, command), values),
    );
  bot
    .command("export")
    .description(
      "Writes a bot's draft as the builder's \"Export JSON\" does (the file `bot import` and POST /bots/import take) to --out, or to standard output.",
    )
    .requiredOption("--bot-id <id>", "the bot")
    .option("--out <file>", "write to this file instead of standard output")
    .action(async (values: unknown, command: Command) =>
      (await actions()).exportBot(commandRun(context, command), values),
    );
  bot
    .command("import")
    .description(
      "Creates bots from export files (this product's or Typebot's, as POST /bots/import takes them), one file after the other with a progress bar on standard error, then sums up the warnings. Bot links between the files are re-pointed to the new bots. A file that cannot be imported is reported and the others go on (exit code 1 if any failed).",
    )
    .requiredOption("--workspace-id <id>", "the workspace that receives the bots")
    .option("--folder-id <id>", "a folder of that workspace")
    .argument("<files...>", "export files (JSON)")
    .action(async (files: string[], values: unknown, command: Command) =>
      (await actions()).importBots(commandRun(context, command), files, values),
    );
  bot
    .command("test")
    .description(
      "Runs a bot's tests on its draft (docs/bot-tests.md), as POST /bots/{botId}/tests/run does: one line per test, PASS or FAIL with its first difference (step, expected, actual), then a summary. Exit code 1 when a test fails.",
    )
    .argument("<botId>", "the bot")
    .option("--test-id <id...>", "only these tests (repeatable)")
    .option("--junit <file>", "also write the results as JUnit XML to this file (for CI)")
    .action(async (botId: string, values: unknown, command: Command) =>
      (await testActions()).testBot(commandRun(context, command), botId, values),
    );
  bot
    .command("clear-risk")
    .description(
      "Reviews a bot held for its riskLevel (at or above PUBLISH_RISK_THRESHOLD): the level becomes 0 and its published version is served again. The next publish is assessed anew; to never hold a workspace's bots, verify the workspace.",
    )
    .requiredOption("--bot-id <id>", "the bot")
    .action(async (values: unknown, command: Command) =>
      (await actions()).clearRisk(commandRun(context, command), values),
    );
}
