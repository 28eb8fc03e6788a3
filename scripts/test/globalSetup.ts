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

export default async function setup(project: TestProject) {
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
  project.provide("postgres", {
    adminConnectionString,
    connectionStringFor: withDatabase(adminConnectionString, `parley_test_${runId}___WORKER__`),
  });
  return async () => {
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
}

function withDatabase(connectionString: string, database: string) {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}
