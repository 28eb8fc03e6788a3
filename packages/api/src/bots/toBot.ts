import type { BotModel, PublishedBotModel } from "@parley/db";
import { readStoredFlow } from "@parley/db/storedFlow";
import {
  type Bot,
  type BotVersion,
  botVersions,
  latestBotVersion,
  type PublishedBot,
  type ResultsTablePreferences,
  readBotTests,
} from "@parley/schemas";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The Bot record of the spec from a stored draft, brought to the latest schema version when stored at an older one. */
export function toBot(row: BotModel): Bot {
  return {
    id: row.id,
    version: latestBotVersion,
    name: row.name,
    icon: row.icon,
    folderId: row.folderId,
    workspaceId: row.workspaceId,
    publicId: row.publicId,
    customDomain: row.customDomain,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isArchived: row.isArchived,
    isClosed: row.isClosed,
    messagingCredentialsId: row.messagingCredentialsId,
    riskLevel: row.riskLevel,
    selectedThemeTemplateId: row.selectedThemeTemplateId,
    ...readStoredFlow(row.version, row),
    resultsTablePreferences: (row.resultsTablePreferences as ResultsTablePreferences | null) ?? null,
    tests: readBotTests(row.tests),
  };
}

/** A stored schema version (rows of earlier releases may hold any of them); an unknown one reads as the latest. */
export function toBotVersion(stored: string): BotVersion {
  return botVersions.find((known) => known === stored) ?? latestBotVersion;
}

/**
 * The publishedBot record, brought to the latest schema version; with `asStored`, as it was published (its
 * `version` then names the schema version its parts are at).
 */
export function toPublishedBot(
  row: PublishedBotModel,
  { asStored = false }: { asStored?: boolean } = {},
): PublishedBot {
  return {
    id: row.id,
    version: asStored ? toBotVersion(row.schemaVersion) : latestBotVersion,
    botId: row.botId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...readStoredFlow(row.schemaVersion, row, { asStored }),
    lastActivityAt: iso(row.lastActivityAt),
  };
}
