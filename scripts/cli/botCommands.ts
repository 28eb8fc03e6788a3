import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { importBotExports } from "@parley/api/bots/importBotExports";
import { toBot } from "@parley/api/bots/toBot";
import { createId } from "@parley/db";
import { clearBotRisk } from "@parley/platform/admin/clearBotRisk";
import { AppError, toCanonicalError } from "@parley/platform/errors";
import { type ImportWarning, importBot as readBotExport, toBotExport } from "@parley/schemas";
import { Presets, SingleBar } from "cli-progress";
import type { Command } from "commander";
import { z } from "zod";
import { type CliContext, writeLine } from "./cliContext";
import { idOption, parseOptions } from "./parseOptions";

export function addBotCommands(program: Command, context: CliContext) {
  const bot = program.command("bot").description("Bots: export, import, risk review");
  bot
    .command("export")
    .description(
      "Writes a bot's draft as the builder's \"Export JSON\" does (the file `bot import` and POST /bots/import take) to --out, or to standard output.",
    )
    .requiredOption("--bot-id <id>", "the bot")
    .option("--out <file>", "write to this file instead of standard output")
    .action(async (values: unknown) => {
      const input = parseOptions(z.object({ botId: idOption, out: z.string().min(1).optional() }), values);
      const prisma = await context.database();
      const row = await prisma.bot.findUnique({ where: { id: input.botId } });
      if (!row) throw new AppError("NOT_FOUND", [{ message: `No bot with id ${input.botId}` }]);
      const json = `${JSON.stringify(toBotExport(toBot(row)), null, 2)}\n`;
      if (!input.out) {
        context.stdout.write(json);
        return;
      }
      await writeFile(input.out, json);
      writeLine(context.stderr, `Exported "${row.name}" to ${input.out}`);
    });
  bot
    .command("import")
    .description(
      "Creates bots from export files (this product's or Typebot's, as POST /bots/import takes them), one file after the other with a progress bar on standard error, then sums up the warnings. Bot links between the files are re-pointed to the new bots. A file that cannot be imported is reported and the others go on (exit code 1 if any failed).",
    )
    .requiredOption("--workspace-id <id>", "the workspace that receives the bots")
    .option("--folder-id <id>", "a folder of that workspace")
    .argument("<files...>", "export files (JSON)")
    .action(async (files: string[], values: unknown) => {
      const input = parseOptions(z.object({ workspaceId: idOption, folderId: idOption.optional() }), values);
      const prisma = await context.database();
      const workspace = await prisma.workspace.findUnique({
        where: { id: input.workspaceId },
        select: { id: true },
      });
      if (!workspace)
        throw new AppError("NOT_FOUND", [{ message: `No workspace with id ${input.workspaceId}` }]);
      const outcome = await importFiles(context, { ...input, files });
      writeImportSummary(context, outcome);
      const failed = outcome.filter((file) => !file.ok).length;
      if (failed > 0) throw new Error(`${failed} of ${files.length} file(s) could not be imported`);
    });
  bot
    .command("clear-risk")
    .description(
      "Reviews a bot held for its riskLevel (at or above PUBLISH_RISK_THRESHOLD): the level becomes 0 and its published version is served again. The next publish is assessed anew; to never hold a workspace's bots, verify the workspace.",
    )
    .requiredOption("--bot-id <id>", "the bot")
    .action(async (values: unknown) => {
      const { botId } = parseOptions(z.object({ botId: idOption }), values);
      const { previousRiskLevel } = await clearBotRisk(await context.database(), botId);
      writeLine(
        context.stdout,
        `Risk of bot ${botId} cleared (riskLevel was ${previousRiskLevel ?? "never assessed"})`,
      );
    });
}

type ImportedFile =
  | { file: string; ok: true; botId: string; name: string; warnings: ImportWarning[] }
  | { file: string; ok: false; error: string };

async function importFiles(
  context: CliContext,
  input: { workspaceId: string; folderId?: string; files: string[] },
): Promise<ImportedFile[]> {
  const prisma = await context.database();
  const bar = new SingleBar(
    {
      stream: context.stderr as NodeJS.WritableStream,
      format: "Importing [{bar}] {value}/{total} files | {file}",
      noTTYOutput: true,
      notTTYSchedule: 1000,
      hideCursor: true,
    },
    Presets.shades_classic,
  );
  // First every file is read, so that each exported bot has its new id before any is created:
  // links between the files then point at their copies whatever the order.
  const read = await Promise.all(
    input.files.map(async (file) => {
      try {
        const exported: unknown = JSON.parse(await readFile(file, "utf8"));
        const reading = readBotExport(exported);
        return { file, exported, sourceId: reading.success ? reading.sourceId : null };
      } catch (error) {
        return { file, error: describeFileError(error) };
      }
    }),
  );
  const assignedIds = new Map(
    read.flatMap((entry) =>
      "sourceId" in entry && entry.sourceId ? [[entry.sourceId, createId()] as const] : [],
    ),
  );
  const outcome: ImportedFile[] = [];
  bar.start(read.length, 0, { file: "" });
  for (const entry of read) {
    const file = path.basename(entry.file);
    if ("error" in entry) {
      outcome.push({ file: entry.file, ok: false, error: entry.error ?? "unreadable" });
    } else {
      try {
        const [imported] = await importBotExports(prisma, {
          workspaceId: input.workspaceId,
          folderId: input.folderId,
          exports: [entry.exported],
          pathOf: () => [],
          assignedIds,
        });
        outcome.push({
          file: entry.file,
          ok: true,
          botId: imported!.bot.id,
          name: imported!.bot.name,
          warnings: imported!.warnings,
        });
      } catch (error) {
        outcome.push({ file: entry.file, ok: false, error: describeImportError(error) });
      }
    }
    bar.increment(1, { file });
  }
  bar.stop();
  return outcome;
}

function writeImportSummary(context: CliContext, outcome: ImportedFile[]) {
  const imported = outcome.filter((file) => file.ok);
  const failed = outcome.filter((file) => !file.ok);
  for (const file of imported) {
    writeLine(context.stdout, `${file.botId}\t${file.name}\t${file.file}`);
  }
  const withWarnings = imported.filter((file) => file.warnings.length > 0);
  const warningCount = withWarnings.reduce((sum, file) => sum + file.warnings.length, 0);
  writeLine(
    context.stderr,
    `\nImported ${imported.length} of ${outcome.length} file(s): ${warningCount} warning(s) in ${withWarnings.length} bot(s), ${failed.length} failed.`,
  );
  for (const file of withWarnings) {
    writeLine(context.stderr, `${file.file} (${file.botId}):`);
    for (const warning of file.warnings) {
      writeLine(
        context.stderr,
        `  ${warning.path.length > 0 ? `${warning.path.join(".")}: ` : ""}${warning.message}`,
      );
    }
  }
  for (const file of failed) writeLine(context.stderr, `${file.file}: FAILED: ${file.error}`);
}

function describeFileError(error: unknown) {
  if (error instanceof SyntaxError) return `not JSON (${error.message})`;
  return error instanceof Error ? error.message : String(error);
}

function describeImportError(error: unknown) {
  const canonical = toCanonicalError(error);
  if (canonical.issues.length === 0) return error instanceof Error ? error.message : canonical.code;
  return canonical.issues
    .slice(0, 5)
    .map((issue) => `${issue.path?.length ? `${issue.path.join(".")}: ` : ""}${issue.message}`)
    .join("; ");
}
