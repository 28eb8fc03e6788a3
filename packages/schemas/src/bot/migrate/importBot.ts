import type { ErrorIssue } from "../../errors";
import {
  type BotDocument,
  botDocumentSchema,
  latestBotVersion,
  type ResultsTablePreferences,
  resultsTablePreferencesSchema,
} from "../bot";
import { type BotTest, botTestsSchema } from "../botTests";
import type { JsonPath } from "../indexFlow";
import { checkBotIntegrity } from "../integrity";
import { convertPluginBlocks } from "./convertPluginBlocks";
import { type ImportWarning, isRecord, type JsonRecord } from "./jsonRecords";
import { getBotVersion, migrateBotToLatestVersion } from "./migrateBotToLatestVersion";
import { repairDuplicateIds } from "./repairDuplicateIds";
import { repairFlowReferences } from "./repairFlowReferences";

/**
 * A bot ready to be stored: the flow at the latest version plus the descriptive fields an
 * import keeps. Ids tied to the source install (id, workspaceId, folderId, customDomain,
 * credentials) are dropped; `publicId` is returned as exported for the caller to check.
 */
export type ImportedBot = BotDocument & {
  version: typeof latestBotVersion;
  name: string;
  icon: string | null;
  publicId: string | null;
  selectedThemeTemplateId: string | null;
  resultsTablePreferences: ResultsTablePreferences | null;
  /** This product's exports carry the bot's tests; Typebot's have none. */
  tests: BotTest[];
};

export type ImportBotResult =
  | {
      success: true;
      bot: ImportedBot;
      /** The exported bot's own id, which bot links of the same export set may name. */
      sourceId: string | null;
      /** The export is Typebot's (isTypebotExport): importing it turns the workspace's Typebot compatibility on by default. */
      isTypebotExport: boolean;
      warnings: ImportWarning[];
    }
  | { success: false; issues: ErrorIssue[] };

export const defaultImportedBotName = "Imported bot";

/**
 * Reads a bot export: this product's own (the `bot` of GET /bots/{botId}, bare or inside
 * `{bot}`) or Typebot's of schema version 3 to 6.1 (bare or inside `{typebot}`). Imported
 * code is marked unsafe. Issue and warning paths are relative to the given JSON and, inside
 * the flow, to the flow after migration to the latest version. Blocks of unknown kinds are kept
 * as `unsupported` blocks and ids used twice get new ones, each with a warning.
 */
export function importBot(json: unknown): ImportBotResult {
  const { exported, basePath } = unwrapExport(json);
  const at = (path: JsonPath) => [...basePath, ...path];
  if (!isRecord(exported))
    return failure([{ code: "INVALID_FIELD", path: basePath, message: "A bot export is a JSON object" }]);
  if (!getBotVersion(exported.version))
    return failure([
      {
        code: "UNSUPPORTED_VERSION",
        path: at(["version"]),
        message: `Schema version ${JSON.stringify(exported.version)} is not supported (3 to ${latestBotVersion})`,
      },
    ]);

  const warnings: ImportWarning[] = [];
  const warn = (warning: ImportWarning) => warnings.push({ ...warning, path: at(warning.path) });
  const migrated = migrateBotToLatestVersion(exported, { onWarning: warn });
  convertPluginBlocks(migrated, warn);
  const parsed = botDocumentSchema.safeParse(markCodeUnsafe(migrated));
  if (!parsed.success)
    return failure(
      parsed.error.issues.map((issue) => ({
        code: "INVALID_FIELD",
        path: at(issue.path as JsonPath),
        message: issue.message,
      })),
    );
  const document = repairFlowReferences(repairDuplicateIds(parsed.data, warn), warn);
  const integrityIssues = checkBotIntegrity(document);
  if (integrityIssues.length > 0)
    return failure(integrityIssues.map((issue) => ({ ...issue, path: at(issue.path ?? []) })));

  const name = typeof exported.name === "string" && exported.name.trim() !== "" ? exported.name : undefined;
  if (!name)
    warn({ message: `The export has no name; it was named "${defaultImportedBotName}"`, path: ["name"] });
  const preferences = resultsTablePreferencesSchema.safeParse(exported.resultsTablePreferences);
  const tests = botTestsSchema.safeParse(exported.tests ?? []);
  if (!tests.success)
    warn({
      message: "The export's tests could not be read; the bot was imported without them",
      path: ["tests"],
    });
  return {
    success: true,
    bot: {
      version: latestBotVersion,
      name: name ?? defaultImportedBotName,
      icon: getOptionalString(exported.icon),
      publicId: getOptionalString(exported.publicId),
      selectedThemeTemplateId: getOptionalString(exported.selectedThemeTemplateId),
      resultsTablePreferences: preferences.success ? preferences.data : null,
      tests: tests.success ? tests.data : [],
      ...document,
    },
    sourceId: getOptionalString(exported.id),
    isTypebotExport: isTypebotExport(exported, basePath),
    warnings,
  };
}

/**
 * Whether an export is Typebot's rather than this product's: wrapped in `{typebot}`, at a schema version before
 * 6 (this product's exports are 6 or later), or carrying a field only Typebot names (`whatsAppCredentialsId`,
 * `settings.whatsApp`, a `Typebot link` block).
 */
function isTypebotExport(exported: JsonRecord, basePath: JsonPath): boolean {
  if (basePath[0] === "typebot") return true;
  if (["3", "4", "5"].includes(getBotVersion(exported.version) ?? "")) return true;
  if ("whatsAppCredentialsId" in exported) return true;
  if (isRecord(exported.settings) && "whatsApp" in exported.settings) return true;
  return (Array.isArray(exported.groups) ? exported.groups : []).some(
    (group) =>
      isRecord(group) &&
      Array.isArray(group.blocks) &&
      group.blocks.some((block) => isRecord(block) && block.type === "Typebot link"),
  );
}

function unwrapExport(json: unknown): { exported: unknown; basePath: JsonPath } {
  if (isRecord(json))
    for (const wrapper of ["typebot", "bot"])
      if (isRecord(json[wrapper]) && !("groups" in json))
        return { exported: json[wrapper], basePath: [wrapper] };
  return { exported: json, basePath: [] };
}

/** Code written elsewhere must not run with this install's trust (the runtime isolates it). */
function markCodeUnsafe(bot: JsonRecord): JsonRecord {
  for (const group of Array.isArray(bot.groups) ? bot.groups : [])
    for (const block of isRecord(group) && Array.isArray(group.blocks) ? group.blocks : []) {
      if (!isRecord(block) || !isRecord(block.options)) continue;
      const { options } = block;
      const isCustomExpression =
        block.type === "Set variable" &&
        (options.type === undefined || options.type === "Custom") &&
        typeof options.expressionToEvaluate === "string" &&
        options.expressionToEvaluate.trim() !== "";
      if (block.type === "Code" || isCustomExpression) options.isUnsafe = true;
    }
  return bot;
}

function getOptionalString(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function failure(issues: ErrorIssue[]): ImportBotResult {
  return { success: false, issues };
}
