import { createHash, randomUUID } from "node:crypto";
import { createPgPool, dbEnv, observeStatements, type Pool } from "@parley/db";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createCapturingLogger } from "../testing/createCapturingLogger";
import { startRedisServer } from "../testing/startRedisServer";
import { createRateLimitStore, type RateLimitCall, type RateLimitStore } from "./rateLimits";

const pools: Pool[] = [];
/** A pool of its own on the worker's database: what another process of the install would have. */
function processPool(): Pool {
  const pool = createPgPool(dbEnv.DATABASE_URL ?? "", 2);
  pools.push(pool);
  return pool;
}
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

const call = (overrides: Partial<RateLimitCall> = {}): RateLimitCall => ({
  name: "test.limit",
  key: randomUUID(),
  points: 5,
  durationSeconds: 120,
  ...overrides,
});

/** Counts `count` calls, alternating between the stores; the outcomes in order. */
async function alternate(stores: RateLimitStore[], limit: RateLimitCall, count: number) {
  const outcomes = [];
  for (let i = 0; i < count; i++) outcomes.push(await stores[i % stores.length]?.consume(limit));
  return outcomes;
}

describe("shared rate limits on PostgreSQL", () => {
  it("holds across two stores on their own pools, refusing with the wait until the window ends", async () => {
    const stores = [
      createRateLimitStore({ pool: processPool() }),
      createRateLimitStore({ pool: processPool() }),
    ];
    const limit = call();
    const outcomes = await alternate(stores, limit, 7);
    expect(outcomes.slice(0, 5)).toEqual(Array(5).fill(expect.objectContaining({ allowed: true })));
    // Each allowed call says what is left of the window shared by both stores, and when it ends.
    expect(outcomes.slice(0, 5).map((outcome) => outcome?.allowed && outcome.remaining)).toEqual([
      4, 3, 2, 1, 0,
    ]);
    for (const outcome of outcomes.slice(0, 5)) {
      if (outcome?.allowed) expect(outcome.resetSeconds).toBeGreaterThan(100);
    }
    for (const refused of outcomes.slice(5)) {
      expect(refused).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
      if (refused?.allowed === false) {
        expect(refused.retryAfterSeconds).toBeGreaterThan(100);
        expect(refused.retryAfterSeconds).toBeLessThanOrEqual(120);
      }
    }
    // One row per limit and key, under the key's hash: the key itself is stored nowhere.
    const { rows } = await processPool().query(
      `SELECT key, points FROM "RateLimit" WHERE key LIKE 'test.limit:%'`,
    );
    const hash = createHash("sha256").update(limit.key).digest("base64url");
    expect(rows).toContainEqual({ key: `test.limit:${hash}`, points: 7 });
    expect(rows.some((row) => row.key.includes(limit.key))).toBe(false);
  });

  it("forgets the stored counts of the keys given, and only theirs, under one limit", async () => {
    const store = createRateLimitStore({ pool: processPool() });
    const [forgotten, kept] = [call({ name: "test.forget" }), call({ name: "test.forget" })];
    for (const limit of [forgotten, kept]) await store.consume(limit);
    await store.forget("test.forget", [forgotten.key]);
    const { rows } = await processPool().query(`SELECT key FROM "RateLimit" WHERE key LIKE 'test.forget:%'`);
    const stored = (key: string) => `test.forget:${createHash("sha256").update(key).digest("base64url")}`;
    expect(rows).toEqual([{ key: stored(kept.key) }]);
  });

  it("keeps keys and limits apart; 0 points counts nothing", async () => {
    const store = createRateLimitStore({ pool: processPool() });
    const limit = call({ points: 1 });
    expect(await store.consume(limit)).toMatchObject({ allowed: true });
    expect((await store.consume(limit)).allowed).toBe(false);
    expect(await store.consume({ ...limit, key: randomUUID() })).toMatchObject({ allowed: true });
    expect(await store.consume({ ...limit, name: "test.other-limit" })).toMatchObject({ allowed: true });

    const statements: string[] = [];
    const stop = observeStatements((text) => statements.push(text));
    for (let i = 0; i < 3; i++)
      expect(await store.consume({ ...limit, points: 0 })).toMatchObject({ allowed: true });
    stop();
    expect(statements).toEqual([]);
  });

  it("counts a call with one statement, and refuses a refused key from memory until its window ends", async () => {
    const store = createRateLimitStore({ pool: processPool() });
    const limit = call({ points: 2 });
    const statements: string[] = [];
    const stop = observeStatements((text) => statements.push(text));
    const outcomes = await alternate([store], limit, 6);
    stop();
    expect(outcomes.map((outcome) => outcome?.allowed)).toEqual([true, true, false, false, false, false]);
    expect(statements).toHaveLength(3);
    for (const statement of statements) expect(statement).toMatch(/INSERT INTO "RateLimit"/);
  });

  it("refuses names that are not simple identifiers and windows that are not whole seconds", async () => {
    const store = createRateLimitStore({ pool: processPool() });
    await expect(store.consume(call({ name: "Bad Name" }))).rejects.toThrow(/invalid rate limit name/);
    await expect(store.consume(call({ durationSeconds: 0.5 }))).rejects.toThrow(/whole number of seconds/);
  });
});

/** The count Redis holds for a call's key, read with a client of its own. */
async function readRedisCount(url: string, limit: RateLimitCall) {
  const client = new Redis(url);
  try {
    return await client.get(
      `parley:${limit.name}:${createHash("sha256").update(limit.key).digest("base64url")}`,
    );
  } finally {
    client.disconnect();
  }
}

describe("shared rate limits on Redis", () => {
  it("holds across two stores on a real redis-server, and counts in memory while Redis is down", async () => {
    let redis = await startRedisServer();
    const { logger, lines } = createCapturingLogger();
    const stores = [
      createRateLimitStore({ redisUrl: redis.url }, { logger }),
      createRateLimitStore({ redisUrl: redis.url }, { logger }),
    ];
    try {
      expect(stores[0]?.kind).toBe("redis");
      const limit = call();
      const outcomes = await alternate(stores, limit, 7);
      expect(outcomes.slice(0, 5)).toEqual(Array(5).fill(expect.objectContaining({ allowed: true })));
      expect(outcomes.slice(5).map((outcome) => outcome?.allowed)).toEqual([false, false]);
      const refused = outcomes[6];
      if (refused?.allowed === false) expect(refused.retryAfterSeconds).toBeLessThanOrEqual(120);
      expect(await readRedisCount(redis.url, limit)).toBe("7");

      await redis.kill();
      // Each process now counts on its own (rate-limiter-flexible's insurance limiter in memory).
      const alone = await alternate(stores.slice(0, 1), call({ points: 2 }), 3);
      expect(alone.map((outcome) => outcome?.allowed)).toEqual([true, true, false]);
      expect(lines.some((line) => line.msg.includes("Redis unavailable"))).toBe(true);

      // Back on the same port: the store reconnects and counts in Redis again.
      redis = await startRedisServer(Number(new URL(redis.url).port));
      // The store that counted alone reconnects on its own schedule: its calls reach Redis again once it has.
      await expect
        .poll(
          async () => {
            const after = call();
            expect(await stores[0]?.consume(after)).toMatchObject({ allowed: true });
            return readRedisCount(redis.url, after);
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe("1");
      expect(lines.some((line) => line.msg === "rate limits: Redis is back")).toBe(true);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await redis.kill();
    }
  });
});
