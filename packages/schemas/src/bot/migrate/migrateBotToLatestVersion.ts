import { botLinkBlock } from "../blocks/logic/botLink";
import { type BotVersion, botVersions, latestBotVersion } from "../bot";
import { getRecords, isRecord, type JsonRecord, type WarningSink } from "./jsonRecords";
import { migrateLegacyOpenAiBlock } from "./migrateLegacyOpenAiBlock";
import { migrateStartBlockToEvent } from "./migrateStartBlockToEvent";
import { migrateVersion5Block } from "./migrateVersion5Options";
import { renameLegacyKeys } from "./renameLegacyKeys";

/** The schema version of a stored or exported bot; a missing version is the original "3". */
export function getBotVersion(version: unknown): BotVersion | undefined {
  if (version === undefined || version === null) return "3";
  return botVersions.find((known) => known === version);
}

/**
 * Brings a bot document of schema version 3/null, 4, 5, 6 or 6.1 to 6.1 (see the
 * reference's versioning table). Pure: the input is not modified. The result still has
 * to be validated (`botDocumentSchema`); `onWarning` hears what could not be carried over.
 */
export function migrateBotToLatestVersion<T extends JsonRecord>(
  bot: T,
  { onWarning }: { onWarning?: WarningSink } = {},
): Omit<T, "version"> & { version: typeof latestBotVersion } {
  const warn: WarningSink = onWarning ?? (() => {});
  const version = getBotVersion(bot.version);
  if (!version) throw new RangeError(`Unsupported bot schema version ${JSON.stringify(bot.version)}`);
  const migrated: JsonRecord = structuredClone(bot);
  renameLegacyKeys(migrated);
  normaliseCollections(migrated, warn);
  const isBeforeEvents = version === "3" || version === "4" || version === "5";
  if (isBeforeEvents) migrateStartBlockToEvent(migrated, warn);
  for (const [groupIndex, group] of getRecords(migrated.groups).entries())
    for (const [blockIndex, block] of getRecords(group.blocks).entries()) {
      const path = ["groups", groupIndex, "blocks", blockIndex];
      if (isBeforeEvents) migrateVersion5Block(block, path, warn);
      if (block.type === "Typebot link") block.type = botLinkBlock.type;
      if (block.type === "OpenAI") migrateLegacyOpenAiBlock(block, path, warn);
    }
  ensureStartEvent(migrated, warn);
  migrated.version = latestBotVersion;
  return migrated as Omit<T, "version"> & { version: typeof latestBotVersion };
}

/** Older exports may omit empty lists or carry half-written edges; those edges cannot be kept. */
function normaliseCollections(bot: JsonRecord, warn: WarningSink) {
  for (const key of ["groups", "edges", "variables"] as const) if (!Array.isArray(bot[key])) bot[key] = [];
  if (!Array.isArray(bot.events)) bot.events = [];
  for (const group of getRecords(bot.groups)) if (!Array.isArray(group.blocks)) group.blocks = [];
  bot.edges = (bot.edges as unknown[]).filter((edge, edgeIndex) => {
    const isWellFormed = isRecord(edge) && isRecord(edge.from) && isRecord(edge.to);
    if (!isWellFormed) warn({ message: "A malformed edge was removed", path: ["edges", edgeIndex] });
    return isWellFormed;
  });
  if (!isRecord(bot.theme)) bot.theme = {};
  if (!isRecord(bot.settings)) bot.settings = {};
}

function ensureStartEvent(bot: JsonRecord, warn: WarningSink) {
  const events = bot.events as unknown[];
  if (events.some((event) => isRecord(event) && event.type === "start")) return;
  const usedIds = new Set(getRecords(bot.events).map((event) => event.id));
  let id = "start";
  for (let suffix = 2; usedIds.has(id); suffix++) id = `start-${suffix}`;
  bot.events = [{ id, type: "start", graphCoordinates: { x: 0, y: 0 } }, ...events];
  warn({
    message: "The flow had no start; a start event was added, connect it to the first group",
    path: ["events"],
  });
}
