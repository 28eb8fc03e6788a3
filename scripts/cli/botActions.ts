import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { importBotExports } from "@parley/api/bots/importBotExports";
import { toBot } from "@parley/api/bots/toBot";
import { createId } from "@parley/db";
import { clearBotRisk } from "@parley/platform/admin/clearBotRisk";
import { AppError, toCanonicalError } from "@parley/platform/errors";
import { type ImportWarning, importBot as readBotExport, toBotExport } from "@parley/schemas";
import { Presets, SingleBar } from "cli-progress";
import { z } from "zod";
import { cliAuditRequest } from "./cliAuditRequest";
import { type CommandRun, writeLine } from "./cliContext";
import { writeJson, writeList, writeResult } from "./output";
import { idOption, limitOption, parseOptions } from "./parseOptions";

export async function listBots(run: CommandRun, values: unknown) {
  const input = parseOptions(
    z.object({
      workspaceId: idOption.optional(),
      name: z.string().trim().min(1).optional(),
      archived: z.boolean().default(false),
      limit: limitOption,
    }),
    values,
  );
  const prisma = await run.database();
  const bots = await prisma.bot.findMany({
    where: {
      ...(input.workspaceId ? { workspaceId: input.workspaceId } : {}),
      ...(input.name ? { name: { contains: input.name, mode: "insensitive" as const } } : {}),
      ...(input.archived ? {} : { isArchived: false }),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: input.limit,
    select: {
      id: true,
      name: true,
      workspaceId: true,
      folderId: true,
      publicId: true,
      isArchived: true,
      isClosed: true,
      riskLevel: true,
      createdAt: true,
      updatedAt: true,
      publishedBot: { select: { version: true } },
    },
  });
  writeList(
    run,
    bots.map(({ publishedBot, ...bot }) => ({ ...bot, publishedVersion: publishedBot?.version ?? null })),
    [
      { key: "id", title: "ID" },
      { key: "name", title: "NAME" },
      { key: "workspaceId", title: "WORKSPACE" },
      { key: "publicId", title: "PUBLIC ID" },
      { key: "publishedVersion", title: "PUBLISHED", none: "no" },
      { key: "isArchived", title: "ARCHIVED" },
      { key: "isClosed", title: "CLOSED" },
      { key: "riskLevel", title: "RISK" },
      { key: "updatedAt", title: "UPDATED" },
    ],
    "No bots",
  );
}

export async function exportBot(run: CommandRun, values: unknown) {
  const input = parseOptions(z.object({ botId: idOption, out: z.string().min(1).optional() }), values);
  const prisma = await run.database();
  const row = await prisma.bot.findUnique({ where: { id: input.botId } });
  if (!row) throw new AppError("NOT_FOUND", [{ message: `No bot with id ${input.botId}` }]);
  const json = `${JSON.stringify(toBotExport(toBot(row)), null, 2)}\n`;
  if (!input.out) {
    run.stdout.write(json);
    return;
  }
  await writeFile(input.out, json);
  if (run.json) writeJson(run, { botId: row.id, name: row.name, file: input.out });
  else writeLine(run.stderr, `Exported "${row.name}" to ${input.out}`);
}

export async function importBots(run: CommandRun, files: string[], values: unknown) {
  const input = parseOptions(z.object({ workspaceId: idOption, folderId: idOption.optional() }), values);
  const prisma = await run.database();
  const workspace = await prisma.workspace.findUnique({
    where: { id: input.workspaceId },
    select: { id: true },
  });
  if (!workspace) throw new AppError("NOT_FOUND", [{ message: `No workspace with id ${input.workspaceId}` }]);
  const outcome = await importFiles(run, { ...input, files });
  writeImportSummary(run, outcome);
  const failed = outcome.filter((file) => !file.ok).length;
  if (failed > 0) throw new Error(`${failed} of ${files.length} file(s) could not be imported`);
}

export async function clearRisk(run: CommandRun, values: unknown) {
  const { botId } = parseOptions(z.object({ botId: idOption }), values);
  const { previousRiskLevel } = await clearBotRisk(await run.database(), botId, cliAuditRequest());
  writeResult(
    run,
    { botId, riskLevel: 0, previousRiskLevel },
    `Risk of bot ${botId} cleared (riskLevel was ${previousRiskLevel ?? "never assessed"})`,
  );
}

type ImportedFile =
  | { file: string; ok: true; botId: string; name: string; warnings: ImportWarning[] }
  | { file: string; ok: false; error: string };

async function importFiles(
  run: CommandRun,
  input: { workspaceId: string; folderId?: string; files: string[] },
): Promise<ImportedFile[]> {
  const prisma = await run.database();
  const bar = new SingleBar(
    {
      stream: run.stderr as NodeJS.WritableStream,
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
          audit: cliAuditRequest(),
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

function writeImportSummary(run: CommandRun, outcome: ImportedFile[]) {
  const imported = outcome.filter((file) => file.ok);
  const failed = outcome.filter((file) => !file.ok);
  if (run.json) {
    writeJson(
      run,
      outcome.map((file) =>
        file.ok
          ? { file: file.file, ok: true, botId: file.botId, name: file.name, warnings: file.warnings }
          : file,
      ),
    );
  } else {
    for (const file of imported) writeLine(run.stdout, `${file.botId}\t${file.name}\t${file.file}`);
  }
  const withWarnings = imported.filter((file) => file.warnings.length > 0);
  const warningCount = withWarnings.reduce((sum, file) => sum + file.warnings.length, 0);
  writeLine(
    run.stderr,
    `\nImported ${imported.length} of ${outcome.length} file(s): ${warningCount} warning(s) in ${withWarnings.length} bot(s), ${failed.length} failed.`,
  );
  for (const file of withWarnings) {
    writeLine(run.stderr, `${file.file} (${file.botId}):`);
    for (const warning of file.warnings) {
      writeLine(
        run.stderr,
        `  ${warning.path.length > 0 ? `${warning.path.join(".")}: ` : ""}${warning.message}`,
      );
    }
  }
  for (const file of failed) writeLine(run.stderr, `${file.file}: FAILED: ${file.error}`);
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
