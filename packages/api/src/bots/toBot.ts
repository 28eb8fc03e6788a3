import type { BotModel, PublishedBotModel } from "@parley/db";
import {
  applySettingsDefaults,
  applyThemeDefaults,
  type Bot,
  type BotDocument,
  type BotVersion,
  botVersions,
  latestBotVersion,
  type PublishedBot,
  type ResultsTablePreferences,
} from "@parley/schemas";

const iso = (date: Date | null) => date?.toISOString() ?? null;

type FlowColumns = Pick<BotModel, "events" | "groups" | "edges" | "variables" | "theme" | "settings">;

/** The stored flow parts as a document; theme and settings with every default filled in. */
export function toBotDocument(row: FlowColumns): BotDocument {
  const document = row as unknown as BotDocument;
  return {
    events: document.events,
    groups: document.groups,
    edges: document.edges,
    variables: document.variables,
    theme: applyThemeDefaults(document.theme) as BotDocument["theme"],
    settings: applySettingsDefaults(document.settings) as BotDocument["settings"],
  };
}

/** The Bot record of the spec from a stored draft (already at the latest schema version). */
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
    ...toBotDocument(row),
    resultsTablePreferences: (row.resultsTablePreferences as ResultsTablePreferences | null) ?? null,
  };
}

/** A stored schema version (rows of earlier releases may hold any of them); an unknown one reads as the latest. */
export function toBotVersion(stored: string): BotVersion {
  return botVersions.find((known) => known === stored) ?? latestBotVersion;
}

/** The publishedBot record; `version` is the schema version its flow parts are at (the latest unless read as stored). */
export function toPublishedBot(row: PublishedBotModel, version: BotVersion = latestBotVersion): PublishedBot {
  return {
    id: row.id,
    version,
    botId: row.botId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...toBotDocument(row),
    lastActivityAt: iso(row.lastActivityAt),
  };
}
