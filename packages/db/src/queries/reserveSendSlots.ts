import type { Pool } from "../pool";

/** A paced key: one send per `intervalMs` on average, `burst` sends at once at most. */
export interface PacedKey {
  key: string;
  intervalMs: number;
  burst: number;
}

const text = `WITH input AS (
    SELECT * FROM unnest($1::text[], $2::float8[], $3::float8[]) AS i(key, "intervalMs", "toleranceMs")
  ),
  reserved AS (
    INSERT INTO "ChannelSendPace" AS p (key, "dueAt")
    SELECT key, now() + "intervalMs" * interval '1 millisecond' FROM input
    ON CONFLICT (key) DO UPDATE SET "dueAt" = GREATEST(p."dueAt", now()) + (EXCLUDED."dueAt" - now())
    RETURNING key, "dueAt"
  )
  SELECT COALESCE(max(GREATEST(0, ceil(extract(epoch FROM (r."dueAt" - now())) * 1000 - i."intervalMs" - i."toleranceMs"))), 0)::int AS "waitMs",
    GREATEST(floor(extract(epoch FROM now()) * 1000)::float8,
      max(extract(epoch FROM r."dueAt") * 1000 - i."intervalMs" - i."toleranceMs")) AS "sendAt"
  FROM reserved r JOIN input i USING (key)`;

/** A reserved send: how long to wait from now (0: send now), and when that is on the database's clock. */
export interface ReservedSendSlot {
  waitMs: number;
  /** Milliseconds since the epoch, by the database's clock: the earliest time every key allows the send. */
  sendAt: number;
}

/**
 * Reserves the next send slot of every key at once, in one statement, for every process of the cluster
 * (GCRA: each key's row holds when its next send is due; a reservation moves it one interval on, from now
 * when the key was idle). Answers the milliseconds to wait before sending (0: now), by the database's
 * clock, so processes on different machines pace together.
 */
export async function reserveSendSlots(pool: Pool, keys: readonly PacedKey[]): Promise<number> {
  return (await reserveSendSlot(pool, keys)).waitMs;
}

/** As reserveSendSlots, answering the slot reserved: the wait and the time of the send. */
export async function reserveSendSlot(pool: Pool, keys: readonly PacedKey[]): Promise<ReservedSendSlot> {
  if (keys.length === 0) return { waitMs: 0, sendAt: Date.now() };
  const { rows } = await pool.query<ReservedSendSlot>({
    name: "reserveSendSlot",
    text,
    values: [
      keys.map((paced) => paced.key),
      keys.map((paced) => paced.intervalMs),
      keys.map((paced) => Math.max(0, paced.burst - 1) * paced.intervalMs),
    ],
  });
  return rows[0] ?? { waitMs: 0, sendAt: Date.now() };
}
