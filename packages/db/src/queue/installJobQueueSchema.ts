import PgBoss from "pg-boss";

/** The PostgreSQL schema of the job queue's tables. */
export const QUEUE_SCHEMA = "pgboss";

/**
 * Creates or upgrades the queue's schema (part of `applyMigrations`). Apart from the queue module
 * so that migrating reads no environment: the launchers migrate before they set DATABASE_URL.
 */
export async function installJobQueueSchema(connectionString: string): Promise<void> {
  const boss = new PgBoss({
    connectionString,
    schema: QUEUE_SCHEMA,
    max: 1,
    supervise: false,
    schedule: false,
  });
  boss.on("error", () => {});
  await boss.start();
  await boss.stop({ graceful: false, wait: true, timeout: 1_000 });
}
