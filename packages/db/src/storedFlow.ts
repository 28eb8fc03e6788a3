// The stored bot document at the storage boundary. A flow is kept in six JSON columns, on `Bot` (the
// draft, schema version in `version`) and on `PublishedBot` (each published version, schema version in
// `schemaVersion`). This module is the only code that names those columns: every reader turns them into
// a `BotDocument` with `readStoredFlow`, every writer builds them with `toStoredFlowColumns`
// (storedFlowColumns.test.ts holds the rest of the product to that).
import type { FlowSnapshot } from "@parley/engine";
import {
  applySettingsDefaults,
  applyThemeDefaults,
  type BotDocument,
  type BotDocumentPart,
  botDocumentParts,
  getBotVersion,
  latestBotVersion,
  migrateBotToLatestVersion,
} from "@parley/schemas";
import type { Prisma } from "./generated/prisma/client";

/** The six JSON columns of a stored flow: one per part of the document. */
export const storedFlowParts = botDocumentParts;
export type StoredFlowPart = BotDocumentPart;

/** The columns as a row holds them: JSON at the schema version stored beside them. */
export type StoredFlowColumns = Record<StoredFlowPart, unknown>;

/** A Prisma `select` of the six columns, to spread into a larger select. */
export const storedFlowSelect = {
  events: true,
  groups: true,
  edges: true,
  variables: true,
  theme: true,
  settings: true,
} as const satisfies Record<StoredFlowPart, true>;

/** The six columns for a SQL select list, qualified by the table's alias: `b.events, b.groups, …`. */
export function storedFlowSql(alias: string): string {
  return storedFlowParts.map((part) => `${alias}.${part}`).join(", ");
}

/** The six columns of a row that holds more (a Prisma model, a SQL row). */
export function pickStoredFlow(row: StoredFlowColumns): StoredFlowColumns {
  return {
    events: row.events,
    groups: row.groups,
    edges: row.edges,
    variables: row.variables,
    theme: row.theme,
    settings: row.settings,
  };
}

/** True when a flow stored at `schemaVersion` is read only after a conversion (rows of earlier releases). */
export function isStoredAtOlderVersion(schemaVersion: string): boolean {
  const known = getBotVersion(schemaVersion);
  return known !== undefined && known !== latestBotVersion;
}

/**
 * The six columns brought to the latest schema version when they are stored at an older one (rows of
 * earlier releases), else as they are: what a write that converts a stored flow saves (no defaults added).
 */
export function toLatestStoredFlow(schemaVersion: string, columns: StoredFlowColumns): StoredFlowColumns {
  if (!isStoredAtOlderVersion(schemaVersion)) return pickStoredFlow(columns);
  return pickStoredFlow(migrateBotToLatestVersion({ ...pickStoredFlow(columns), version: schemaVersion }));
}

/**
 * The one place a stored flow becomes a `BotDocument`: brought to the latest schema version when it is
 * stored at an older one (`asStored` keeps it as stored, for the API's "as published" views), then theme
 * and settings with every default filled in. An unknown schema version reads as the latest. The parts
 * were validated when they were saved or published; an absent part reads as empty.
 */
export function readStoredFlow(
  schemaVersion: string,
  columns: StoredFlowColumns,
  { asStored = false }: { asStored?: boolean } = {},
): BotDocument {
  const flow = asStored ? columns : toLatestStoredFlow(schemaVersion, columns);
  const document = flow as Partial<Record<StoredFlowPart, unknown>> as Partial<BotDocument>;
  return {
    events: Array.isArray(document.events) ? document.events : [],
    groups: Array.isArray(document.groups) ? document.groups : [],
    edges: Array.isArray(document.edges) ? document.edges : [],
    variables: Array.isArray(document.variables) ? document.variables : [],
    theme: applyThemeDefaults(isObject(document.theme) ? document.theme : undefined),
    settings: applySettingsDefaults(isObject(document.settings) ? document.settings : undefined),
  };
}

/** A Prisma `select` of the two columns read without the flow (the look of a page, its settings). */
export const storedThemeAndSettingsSelect = { theme: true, settings: true } as const;

/** Theme and settings of a stored flow, read as `readStoredFlow` reads them (converted, defaults filled in). */
export function readStoredThemeAndSettings(
  schemaVersion: string,
  columns: Pick<StoredFlowColumns, "theme" | "settings">,
): Pick<BotDocument, "theme" | "settings"> {
  const empty = { events: [], groups: [], edges: [], variables: [] };
  const { theme, settings } = readStoredFlow(schemaVersion, {
    ...empty,
    theme: columns.theme,
    settings: columns.settings,
  });
  return { theme, settings };
}

function isObject<T>(value: T | undefined): value is T {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The columns a write of (part of) a document sets; parts not given are left out. */
export function toStoredFlowColumns(
  document: Partial<BotDocument> | Partial<StoredFlowColumns>,
): Partial<Record<StoredFlowPart, Prisma.InputJsonValue>> {
  const columns: Partial<Record<StoredFlowPart, Prisma.InputJsonValue>> = {};
  for (const part of storedFlowParts) {
    const value = document[part];
    if (value !== undefined) columns[part] = value as Prisma.InputJsonValue;
  }
  return columns;
}

/** Every column of a whole document, for a row that must hold all six (a new published version). */
export function toAllStoredFlowColumns(
  document: BotDocument | StoredFlowColumns,
): Record<StoredFlowPart, Prisma.InputJsonValue> {
  return toStoredFlowColumns(document) as Record<StoredFlowPart, Prisma.InputJsonValue>;
}

/** A published version as the engine reads it (latest schema; `version` keeps the one it was published at). */
export function toPublishedFlowSnapshot(
  row: {
    id: string;
    botId: string;
    workspaceId: string;
    schemaVersion: string;
    createdAt: Date;
  } & StoredFlowColumns,
): FlowSnapshot {
  return {
    id: row.id,
    botId: row.botId,
    workspaceId: row.workspaceId,
    version: row.schemaVersion,
    publishedAt: row.createdAt.toISOString(),
    ...readStoredFlow(row.schemaVersion, row),
  };
}

/** A bot's draft as the engine reads it (preview); the id changes with every save of the draft. */
export function toDraftFlowSnapshot(
  botId: string,
  workspaceId: string,
  draft: { version: string; updatedAt: Date } & StoredFlowColumns,
): FlowSnapshot {
  return {
    id: `draft-${botId}-${draft.updatedAt.getTime()}`,
    botId,
    workspaceId,
    version: draft.version,
    publishedAt: null,
    ...readStoredFlow(draft.version, draft),
  };
}

/** SQL of a stored bot's default language (`settings.languages.defaultLanguage`; null without languages). */
export function storedDefaultLanguageSql(alias: string): string {
  return `${alias}.settings->'languages'->>'defaultLanguage'`;
}
