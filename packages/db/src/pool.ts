import pg from "pg";
import { dbEnv } from "./env";

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/** Called with the text of every statement sent through the shared pool (tests and benchmarks count them). */
export type StatementObserver = (text: string) => void;

const observers = new Set<StatementObserver>();

// Kept on globalThis so a reloaded module (Next.js development) reuses the pools it opened.
declare global {
  var parleyPgPool: pg.Pool | undefined;
  var parleyLockPgPool: pg.Pool | undefined;
}

/** Registers an observer of the statements sent through the shared pool; returns its removal. */
export function observeStatements(observer: StatementObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

function statementText(query: unknown): string {
  if (typeof query === "string") return query;
  if (query && typeof query === "object" && "text" in query) return String(query.text);
  return "";
}

/** Reports the statements of a pooled client to the observers, without cost when there are none. */
function instrumentClient(client: pg.PoolClient | pg.Client) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    if (observers.size > 0) {
      const text = statementText(args[0]);
      for (const observer of observers) observer(text);
    }
    return query(...args);
  };
}

export function createPgPool(
  connectionString: string,
  size: number,
  options: { connectionTimeoutMillis?: number } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: size,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on("connect", (client) => {
    instrumentClient(client);
    // A server restart errors idle and active connections; the query in flight fails, the process lives.
    client.on("error", () => {});
  });
  // An idle client losing its connection is reported here; without a listener Node would crash.
  pool.on("error", () => {});
  return pool;
}

/**
 * The process-wide pg pool on DATABASE_URL, shared by Prisma (driver adapter)
 * and the raw hot-path queries of `queries/`, so one process holds at most
 * DATABASE_POOL_SIZE connections.
 */
export function getPgPool(): pg.Pool {
  globalThis.parleyPgPool ??= createPgPool(requireDatabaseUrl(), dbEnv.DATABASE_POOL_SIZE);
  return globalThis.parleyPgPool;
}

/**
 * A second pool on DATABASE_URL (as large as the first) for locks held through a whole turn of a
 * messaging conversation: a turn holding or awaiting its lock never takes a connection its own
 * queries need. Its connections wait up to a minute, as a turn behind another one may.
 */
export function getLockPgPool(): pg.Pool {
  globalThis.parleyLockPgPool ??= createPgPool(requireDatabaseUrl(), dbEnv.DATABASE_POOL_SIZE, {
    connectionTimeoutMillis: 60_000,
  });
  return globalThis.parleyLockPgPool;
}

function requireDatabaseUrl(): string {
  if (!dbEnv.DATABASE_URL) {
    throw new Error("DATABASE_URL is not set: start the apps with `npm start`, which provides the database");
  }
  return dbEnv.DATABASE_URL;
}
