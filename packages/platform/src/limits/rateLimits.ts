import { createHash } from "node:crypto";
import { getPgPool, type Pool } from "@parley/db";
import { deleteRateLimitKeys, rateLimitTable } from "@parley/db/queries/deleteRateLimitKeys";
import { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { platformEnv } from "../env";
import { logger as defaultLogger, type Logger } from "../logger";
import { countRateLimitRefusal } from "../metrics";

/**
 * A limit: at most `points` calls per key in each window of `durationSeconds`. A key's window
 * starts at its first call and is shared by every process of the install.
 */
export interface RateLimitRule {
  /** Names the limit in the store (`chat.start-per-ip`); processes that share a name share its counts. */
  name: string;
  /** Calls allowed per window; 0 (or less) turns the limit off: nothing is counted or stored. */
  points: number;
  /** Length of a window, whole seconds. */
  durationSeconds: number;
}

/** One call of `key` (an address, a token's hash, an e-mail…; only its SHA-256 is stored) against a rule. */
export interface RateLimitCall extends RateLimitRule {
  key: string;
}

/**
 * A counted call: allowed with the calls its key has left in the window and the seconds until the window
 * ends (a limit that is off reports neither), or refused with the seconds until it ends.
 */
export type RateLimitOutcome =
  | { allowed: true; remaining?: number; resetSeconds?: number }
  | { allowed: false; retryAfterSeconds: number };

export interface RateLimitStore {
  kind: "postgres" | "redis";
  /**
   * Counts the call: allowed, or refused with the seconds until the key's window ends. A refused
   * key is then refused by this process without asking the store until its window ends. Rejects
   * when PostgreSQL fails (the request fails as on any database error); when Redis fails, this
   * process counts on its own until it is back.
   */
  consume: (call: RateLimitCall) => Promise<RateLimitOutcome>;
  /** Gives back a counted call of `key` (a sign-in that succeeded after all). */
  reward: (call: RateLimitCall) => Promise<void>;
  /**
   * Forgets the counts of `keys` under the limit `name` (a deleted account's, a deleted workspace's sessions'):
   * one statement however many keys.
   */
  forget: (name: string, keys: string[]) => Promise<void>;
  /** Disconnects from Redis (a PostgreSQL store leaves its pool to its owner). */
  close: () => Promise<void>;
}

export type RateLimitBackend = { pool: Pool } | { redisUrl: string };

const NAME_PATTERN = /^[a-z0-9][a-z0-9.-]{0,63}$/;
/** How long a failing Redis stays quiet in the logs after it was reported. */
const REDIS_ERROR_LOG_INTERVAL_MS = 60_000;

/** The stored form of a key: its SHA-256, so no token, address or e-mail is written anywhere. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

const secondsUntil = (result: RateLimiterRes) => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

function toOutcome(result: unknown): RateLimitOutcome {
  if (!(result instanceof RateLimiterRes)) throw result;
  return { allowed: false, retryAfterSeconds: secondsUntil(result) };
}

/** What the limiter answered for an allowed call (read from its result: no extra store call). */
const allowedOutcome = (result: RateLimiterRes): RateLimitOutcome => ({
  allowed: true,
  remaining: Math.max(0, result.remainingPoints),
  resetSeconds: secondsUntil(result),
});

/**
 * Shared rate limits on rate-limiter-flexible: fixed windows counted in PostgreSQL (one upsert of
 * the RateLimit table per call, through `pool`) or in Redis (one Lua script per call). A limiter is
 * made per rule on first use and kept.
 */
export function createRateLimitStore(
  backend: RateLimitBackend,
  options: { logger?: Logger } = {},
): RateLimitStore {
  const logger = options.logger ?? defaultLogger;
  /** Per rule: its shared limiter and, on Redis, the in-memory one this process counts on during an outage. */
  const limiters = new Map<string, { shared: RateLimiterAbstract; fallback?: RateLimiterMemory }>();
  let redis: Redis | undefined;
  let redisConnecting: Promise<void> | undefined;

  let lastOutageLoggedAt = 0;
  /** Logs that Redis cannot be used (at most once a minute while it lasts). */
  const reportRedisOutage = (error?: unknown) => {
    if (Date.now() - lastOutageLoggedAt < REDIS_ERROR_LOG_INTERVAL_MS) return;
    lastOutageLoggedAt = Date.now();
    logger.warn({ err: error }, "rate limits: Redis unavailable, this process counts on its own meanwhile");
  };
  if ("redisUrl" in backend) {
    redis = new Redis(backend.redisUrl, {
      lazyConnect: true,
      // Fail at once while disconnected (the in-memory fallback counts meanwhile), never queue.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
    });
    redis.on("error", reportRedisOutage);
    redis.on("ready", () => {
      if (lastOutageLoggedAt > 0) logger.info("rate limits: Redis is back");
      lastOutageLoggedAt = 0;
    });
    // The first calls wait for the first connection; a failure is logged and left to the reconnects.
    redisConnecting = redis.connect().catch(() => {});
  }

  const limiterFor = (rule: RateLimitRule) => {
    const id = `${rule.name}\n${rule.points}\n${rule.durationSeconds}`;
    let limiter = limiters.get(id);
    if (limiter) return limiter;
    if (!NAME_PATTERN.test(rule.name)) throw new Error(`invalid rate limit name "${rule.name}"`);
    if (!Number.isInteger(rule.durationSeconds) || rule.durationSeconds < 1) {
      throw new Error(`rate limit ${rule.name}: durationSeconds must be a whole number of seconds`);
    }
    const common = {
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.durationSeconds,
      // A refused key is refused from memory until its window ends: hammering costs no store calls.
      inMemoryBlockOnConsumed: rule.points + 1,
    };
    if (redis) {
      limiter = {
        shared: new RateLimiterRedis({
          ...common,
          keyPrefix: `parley:${rule.name}`,
          storeClient: redis,
          rejectIfRedisNotReady: true,
        }),
        fallback: new RateLimiterMemory(common),
      };
    } else if ("pool" in backend) {
      const shared = new RateLimiterPostgres({
        ...common,
        storeClient: backend.pool,
        storeType: "pool",
        tableName: rateLimitTable,
        tableCreated: true,
        // Deleting the rows expired an hour ago, every 5 minutes: one limiter of the process does it.
        clearExpiredByTimeout: limiters.size === 0,
      });
      limiter = { shared };
    } else throw new Error("rate limits: no backend");
    limiters.set(id, limiter);
    return limiter;
  };

  return {
    kind: redis ? "redis" : "postgres",
    consume: async (call) => {
      if (call.points <= 0) return { allowed: true };
      const limiter = limiterFor(call);
      if (redisConnecting) await redisConnecting;
      const key = hashKey(call.key);
      let outcome: RateLimitOutcome;
      try {
        return allowedOutcome(await limiter.shared.consume(key));
      } catch (error) {
        if (error instanceof RateLimiterRes || !limiter.fallback) outcome = toOutcome(error);
        else {
          reportRedisOutage(error);
          outcome = await limiter.fallback.consume(key).then(allowedOutcome, toOutcome);
        }
      }
      if (!outcome.allowed) countRateLimitRefusal(call.name);
      return outcome;
    },
    reward: async (call) => {
      if (call.points <= 0) return;
      const limiter = limiterFor(call);
      if (redisConnecting) await redisConnecting;
      const key = hashKey(call.key);
      try {
        await limiter.shared.reward(key, 1);
      } catch (error) {
        if (!limiter.fallback) throw error;
        reportRedisOutage(error);
        await limiter.fallback.reward(key, 1);
      }
    },
    forget: async (name, keys) => {
      if (keys.length === 0) return;
      // The stores' rows only; a refusal this process keeps in memory lasts until its window ends.
      const hashed = keys.map(hashKey);
      if (redis) {
        if (redisConnecting) await redisConnecting;
        await redis.del(...hashed.map((key) => `parley:${name}:${key}`)).catch(reportRedisOutage);
      } else if ("pool" in backend) {
        await deleteRateLimitKeys(
          backend.pool,
          hashed.map((key) => `${name}:${key}`),
        );
      }
    },
    close: async () => {
      if (redis && redis.status !== "end") await redis.quit().catch(() => redis?.disconnect());
    },
  };
}

// Kept on globalThis so a reloaded module (Next.js development) reuses the store it made.
declare global {
  var parleyRateLimitStore: RateLimitStore | undefined;
}

/**
 * The process's store: Redis when REDIS_URL is set, else PostgreSQL through the shared pool
 * (`getPgPool`, so limits take no connections of their own). Made on first use.
 */
export function getRateLimitStore(): RateLimitStore {
  globalThis.parleyRateLimitStore ??= createRateLimitStore(
    platformEnv.REDIS_URL ? { redisUrl: platformEnv.REDIS_URL } : { pool: getPgPool() },
  );
  return globalThis.parleyRateLimitStore;
}

/**
 * Counts one call against a limit shared by every process of the install:
 * `consumeRateLimit({ name: "accounts.sign-in", key: email, points: 5, durationSeconds: 900 })`.
 */
export function consumeRateLimit(call: RateLimitCall): Promise<RateLimitOutcome> {
  return getRateLimitStore().consume(call);
}
