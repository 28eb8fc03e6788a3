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
  /** Set by tracing (packages/platform/src/tracing.ts) when it runs: on globalThis, so every copy of this module uses it. */
  var parleyQueryTracer: QueryTracer | undefined;
  /**
   * Statements sent through the pools since the process started (`parley_db_statements_total`): on globalThis,
   * since the apps load this module twice (Next's bundle and the server layer that serves /metrics).
   */
  var parleyStatementCount: number | undefined;
}

/** Runs one statement (`run`) inside a span named after `text`, returning what `run` returns. */
export type QueryTracer = (text: string, run: () => unknown) => unknown;

/** Wraps every statement of the pools from now on (tracing only: unset, a statement costs one property read). */
export function setQueryTracer(tracer: QueryTracer | undefined): void {
  globalThis.parleyQueryTracer = tracer;
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

/**
 * Counts the statements of a pooled client and reports them to the observers and to tracing, without cost
 * when there are none.
 */
function instrumentClient(client: pg.PoolClient | pg.Client) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    globalThis.parleyStatementCount = (globalThis.parleyStatementCount ?? 0) + 1;
    if (observers.size > 0) {
      const text = statementText(args[0]);
      for (const observer of observers) observer(text);
    }
    const tracer = globalThis.parleyQueryTracer;
    if (tracer) return tracer(statementText(args[0]), () => query(...args));
    return query(...args);
  };
}

/** The number of statements sent through the pools of this process since it started. */
export function countStatements(): number {
  return globalThis.parleyStatementCount ?? 0;
}

export interface PoolUsage {
  pool: "main" | "lock";
  /** Open connections, idle ones among them, callers waiting for one, and the most it may open. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The shared pools' connections, for the ones this process opened (the `parley_db_pool_*` metrics). */
export function readPoolUsage(): PoolUsage[] {
  const usage: PoolUsage[] = [];
  for (const [name, pool] of [
    ["main", globalThis.parleyPgPool],
    ["lock", globalThis.parleyLockPgPool],
  ] as const) {
    if (!pool) continue;
    usage.push({
      pool: name,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 0,
    });
  }
  return usage;
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
