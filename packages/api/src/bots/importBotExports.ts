import { createId, type Database, type Prisma } from "@parley/db";
import { toStoredFlowColumns } from "@parley/db/storedFlow";
import { clearUnknownCredentials } from "@parley/integrations/credentials/clearUnknownCredentials";
import { type AuditRequest, appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import {
  type Bot,
  botLinkBlock,
  currentBotId,
  type ErrorIssue,
  findBuiltInThemeTemplate,
  type ImportedBot,
  type ImportWarning,
  isBuiltInThemeTemplateId,
  publicIdSchema,
  importBot as readBotExport,
} from "@parley/schemas";
import { assertBotReferences } from "./assertBotReferences";
import { createPublicId } from "./createPublicId";
import { toBot } from "./toBot";

type Path = (string | number)[];

/**
 * Creates bots from exports (this product's or Typebot's, see `importBot` of the schemas) in one
 * transaction: all or none. A bot link naming another bot of the same set (by its exported id) is
 * re-pointed to that bot's new id; one naming a bot found neither in the set nor in the workspace
 * is kept with a warning. The folder, if any, must be of the workspace (checked first). `pathOf(i)`
 * places the issues of the i-th export in the request; warnings are relative to their export.
 */
export async function importBotExports(
  prisma: Database,
  {
    workspaceId,
    folderId,
    exports,
    pathOf,
    assignedIds,
    audit,
  }: {
    workspaceId: string;
    folderId: string | null | undefined;
    exports: unknown[];
    pathOf: (index: number) => Path;
    /**
     * Ids chosen beforehand for bots exported with these ids, when a set is imported in several
     * calls (the CLI imports file by file): the export gets its id, and links to it are re-pointed.
     */
    assignedIds?: ReadonlyMap<string, string>;
    /** The request's actor, client and user agent: one `bot.created` entry per bot (none from the CLI). */
    audit?: AuditRequest;
  },
): Promise<{ bot: Bot; warnings: ImportWarning[] }[]> {
  await assertBotReferences(prisma, { workspaceId, pathPrefix: [], fields: { folderId } });
  const issues: ErrorIssue[] = [];
  const readings = exports.map((exported, index) => {
    const reading = readBotExport(exported);
    if (!reading.success)
      issues.push(
        ...reading.issues.map((issue) => ({ ...issue, path: [...pathOf(index), ...(issue.path ?? [])] })),
      );
    return reading;
  });
  if (issues.length > 0) throw new AppError("BAD_REQUEST", issues);
  const imports = readings.flatMap((reading) =>
    reading.success
      ? [{ ...reading, id: (reading.sourceId && assignedIds?.get(reading.sourceId)) || createId() }]
      : [],
  );
  const newIds = new Map([
    ...(assignedIds ?? []),
    ...imports.flatMap(({ sourceId, id }) => (sourceId ? [[sourceId, id] as const] : [])),
  ]);
  const linkedIds = await findWorkspaceBotIds(prisma, workspaceId, imports, newIds);
  const templateIds = await findThemeTemplateIds(prisma, workspaceId, imports);

  const prepared = await Promise.all(
    imports.map(async ({ bot, id, warnings }) => {
      const linkWarnings = repointBotLinks(bot, newIds, linkedIds);
      // Credentials ids of the source install are cleared (with a warning): the author picks new ones.
      const cleared = await clearUnknownCredentials(prisma, workspaceId, bot);
      const template = keepKnownThemeTemplate(bot.selectedThemeTemplateId, templateIds);
      return {
        id,
        bot: { ...cleared.flow, selectedThemeTemplateId: template.id },
        warnings: [...warnings, ...linkWarnings, ...cleared.warnings, ...template.warnings],
      };
    }),
  );
  const publicIds = await choosePublicIds(
    prisma,
    prepared.map(({ bot }) => bot),
  );
  const isFromTypebot = imports.some((imported) => imported.isTypebotExport);
  const created = await prisma.$transaction(async (tx) => {
    const records = [];
    for (const [index, { id, bot }] of prepared.entries()) {
      const record = await tx.bot.create({
        data: {
          id,
          version: bot.version,
          workspaceId,
          folderId: folderId ?? null,
          name: bot.name,
          icon: bot.icon,
          selectedThemeTemplateId: bot.selectedThemeTemplateId,
          resultsTablePreferences: bot.resultsTablePreferences ?? undefined,
          tests: bot.tests as Prisma.InputJsonValue,
          publicId: publicIds[index]!,
          ...toStoredFlowColumns(bot),
        },
      });
      if (audit)
        await appendAuditEntry(tx, audit, {
          action: "bot.created",
          workspaceId,
          target: { type: "bot", id },
        });
      records.push(record);
    }
    // The first Typebot export turns the workspace's Typebot compatibility on by default (docs/typebot-compat.md).
    if (isFromTypebot)
      await tx.workspace.updateMany({
        where: { id: workspaceId, typebotImportedAt: null },
        data: { typebotImportedAt: new Date() },
      });
    return records;
  });
  return created.map((record, index) => ({ bot: toBot(record), warnings: prepared[index]!.warnings }));
}

/** The exported `selectedThemeTemplateId`s that name a template of the workspace or a built-in one. */
async function findThemeTemplateIds(
  prisma: Database,
  workspaceId: string,
  imports: { bot: ImportedBot }[],
): Promise<Set<string>> {
  const named = [
    ...new Set(
      imports.flatMap(({ bot }) => (bot.selectedThemeTemplateId ? [bot.selectedThemeTemplateId] : [])),
    ),
  ];
  const builtIn = named.filter(isBuiltInThemeTemplateId);
  const own = named.filter((id) => !isBuiltInThemeTemplateId(id));
  const found =
    own.length > 0
      ? await prisma.themeTemplate.findMany({ where: { id: { in: own }, workspaceId }, select: { id: true } })
      : [];
  return new Set([...builtIn.filter((id) => findBuiltInThemeTemplate(id)), ...found.map(({ id }) => id)]);
}

/** A template of the source install (or of another workspace) is forgotten; the theme itself is kept. */
function keepKnownThemeTemplate(
  id: string | null,
  known: ReadonlySet<string>,
): { id: string | null; warnings: ImportWarning[] } {
  if (!id || known.has(id)) return { id, warnings: [] };
  return {
    id: null,
    warnings: [
      {
        message: `The theme template "${id}" is not in this workspace; the bot keeps its theme, without the template`,
        path: ["selectedThemeTemplateId"],
      },
    ],
  };
}

const linkedBotIds = (bot: ImportedBot) =>
  bot.groups.flatMap((group) =>
    group.blocks.flatMap((block) =>
      block.type === botLinkBlock.type && block.options?.botId && block.options.botId !== currentBotId
        ? [block.options.botId]
        : [],
    ),
  );

/** Ids of linked bots that already exist in the workspace (links to them stay as they are). */
async function findWorkspaceBotIds(
  prisma: Database,
  workspaceId: string,
  imports: { bot: ImportedBot }[],
  newIds: ReadonlyMap<string, string>,
): Promise<Set<string>> {
  const outside = [...new Set(imports.flatMap(({ bot }) => linkedBotIds(bot)))].filter(
    (id) => !newIds.has(id),
  );
  if (outside.length === 0) return new Set();
  const found = await prisma.bot.findMany({
    where: { id: { in: outside }, workspaceId, isArchived: false },
    select: { id: true },
  });
  return new Set(found.map((bot) => bot.id));
}

function repointBotLinks(
  bot: ImportedBot,
  newIds: ReadonlyMap<string, string>,
  workspaceBotIds: ReadonlySet<string>,
): ImportWarning[] {
  const warnings: ImportWarning[] = [];
  bot.groups.forEach((group, groupIndex) => {
    group.blocks.forEach((block, blockIndex) => {
      if (block.type !== botLinkBlock.type || !block.options?.botId) return;
      const { botId } = block.options;
      if (botId === currentBotId || workspaceBotIds.has(botId) || botId.includes("{{")) return;
      const newId = newIds.get(botId);
      if (newId) {
        block.options.botId = newId;
        return;
      }
      warnings.push({
        message: `The linked bot "${botId}" is neither in this import nor in this workspace; choose a bot in its settings`,
        path: ["groups", groupIndex, "blocks", blockIndex, "options", "botId"],
      });
    });
  });
  return warnings;
}

/** The exported publicId when it is free (and not taken by another bot of the set), else a new one. */
async function choosePublicIds(prisma: Database, bots: ImportedBot[]): Promise<string[]> {
  const chosen = new Set<string>();
  const publicIds: string[] = [];
  for (const bot of bots) {
    const exported = publicIdSchema.safeParse(bot.publicId);
    const isFree =
      exported.success &&
      !chosen.has(exported.data) &&
      !(await prisma.bot.findUnique({ where: { publicId: exported.data }, select: { id: true } }));
    let publicId = isFree && exported.success ? exported.data : await createPublicId(prisma, bot.name);
    while (chosen.has(publicId)) publicId = await createPublicId(prisma, bot.name);
    chosen.add(publicId);
    publicIds.push(publicId);
  }
  return publicIds;
}
