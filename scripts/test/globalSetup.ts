// Starts the one PostgreSQL of a vitest run (embedded, or the server at
// TEST_DATABASE_URL), migrates a template database and clones one database
// per worker from it.
import { ensureDatabase, startEphemeralPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { testWorkerCount } from "./workers";

declare module "vitest" {
  export interface ProvidedContext {
    postgres: { adminConnectionString: string; connectionStringFor: string };
  }
}

const TEMPLATE = "parley_test_template";

type SharedPostgres = {
  provided: { adminConnectionString: string; connectionStringFor: string };
  stop: () => Promise<void>;
  users: number;
};
const shared = globalThis as { parleyTestPostgres?: Promise<SharedPostgres> };

/**
 * Runs once per vitest project (the config has two, see vitest.config.ts): the first call starts the server and
 * the databases, later ones reuse them, and the last teardown stops it.
 */
export default async function setup(project: TestProject) {
  shared.parleyTestPostgres ??= startPostgres();
  const postgres = await shared.parleyTestPostgres;
  postgres.users += 1;
  project.provide("postgres", postgres.provided);
  return async () => {
    postgres.users -= 1;
    if (postgres.users === 0) {
      shared.parleyTestPostgres = undefined;
      await postgres.stop();
    }
  };
}

async function startPostgres(): Promise<SharedPostgres> {
  const external = process.env.TEST_DATABASE_URL;
  const server = external ? undefined : await startEphemeralPostgres();
  const adminConnectionString = external ?? server?.adminConnectionString ?? "";
  const runId = `${process.pid}`;
  const databases = Array.from(
    { length: testWorkerCount },
    (_, index) => `parley_test_${runId}_${index + 1}`,
  );
  const admin = new pg.Client({ connectionString: adminConnectionString });
  admin.on("error", () => {});
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE}_${runId}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE}_${runId}`);
    await applyMigrations(withDatabase(adminConnectionString, `${TEMPLATE}_${runId}`));
    for (const database of databases) {
      await ensureDatabase(adminConnectionString, database, `${TEMPLATE}_${runId}`);
    }
  } catch (error) {
    await admin.end().catch(() => {});
    await server?.stop();
    throw error;
  } finally {
    await admin.end().catch(() => {});
  }
  // `__WORKER__` is replaced by each worker with its own database name.
  const provided = {
    adminConnectionString,
    connectionStringFor: withDatabase(adminConnectionString, `parley_test_${runId}___WORKER__`),
  };
  const stop = async () => {
    if (server) {
      await server.stop();
      return;
    }
    const cleanup = new pg.Client({ connectionString: adminConnectionString });
    await cleanup.connect();
    for (const database of [...databases, `${TEMPLATE}_${runId}`]) {
      await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
    await cleanup.end();
  };
  return { provided, stop, users: 0 };
}

function withDatabase(connectionString: string, database: string) {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}
