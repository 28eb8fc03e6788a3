import { latestBotVersion, migrateBotToLatestVersion } from "@parley/schemas";

type StoredFlow = {
  events: unknown;
  groups: unknown;
  edges: unknown;
  variables: unknown;
  theme: unknown;
  settings: unknown;
};

/**
 * A stored flow of an older schema version brought to the latest one, or
 * null when it is already there. Everything this product writes is at the
 * latest version; older rows come from earlier releases.
 */
export function migrateStoredFlow<T extends StoredFlow>(version: string, flow: T): StoredFlow | null {
  if (version === latestBotVersion) return null;
  // The schema version last: a published version's row has its own `version` (the version number).
  const migrated = migrateBotToLatestVersion({ ...flow, version });
  return {
    events: migrated.events,
    groups: migrated.groups,
    edges: migrated.edges,
    variables: migrated.variables,
    theme: migrated.theme,
    settings: migrated.settings,
  };
}
