import { createId, createPgPool, dbEnv, getPgPool, getPrisma } from "@parley/db";
import { JobQueue } from "@parley/db/queue";
import { createCapturingLogger } from "@parley/platform/testing/createCapturingLogger";
import { spawnPeriodicJobHolder } from "@parley/platform/testing/spawnPeriodicJobHolder";
import { describe, expect, it, vi } from "vitest";
import { createPublishedTestBot } from "../testing/chatFixtures";
import { createGreetingFlow } from "../testing/testFlows";
import { createWhatsAppCredentials } from "../testing/whatsAppFixtures";
import { cleanExpiredSessions, createSessionCleanupJob } from "./cleanExpiredSessions";

const prisma = getPrisma();
const HOUR = 3_600_000;

describe("cleanExpiredSessions", () => {
  it("deletes sessions expired past the grace period, old replay records and message ids, and nothing else", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const session = (expiresAt: Date) => ({ id: createId(), botId: bot.botId, state: {}, expiresAt });
    const longExpired = session(new Date(Date.now() - 3 * HOUR));
    const justExpired = session(new Date(Date.now() - 10_000));
    const live = session(new Date(Date.now() + HOUR));
    await prisma.chatSession.createMany({ data: [longExpired, justExpired, live] });
    await prisma.chatTurnRecord.createMany({
      data: [
        {
          sessionId: live.id,
          key: "turn:0",
          statusCode: 200,
          response: {},
          createdAt: new Date(Date.now() - 2 * HOUR),
        },
        { sessionId: live.id, key: "turn:1", statusCode: 200, response: {} },
      ],
    });

    const credentialsId = await createWhatsAppCredentials(bot.owner.workspaceId);
    await prisma.messagingInboundMessage.createMany({
      data: [
        { credentialsId, messageId: "wamid.old", createdAt: new Date(Date.now() - 2 * HOUR) },
        { credentialsId, messageId: "wamid.recent" },
      ],
    });

    // Send paces: one key idle (its next send was due a minute ago), one still pacing sends.
    const idlePace = `whatsApp:${credentialsId}:idle`;
    const busyPace = `whatsApp:${credentialsId}:busy`;
    await getPgPool().query(
      `INSERT INTO "ChannelSendPace" (key, "dueAt") VALUES ($1, now() - interval '1 minute'), ($2, now() + interval '1 minute')`,
      [idlePace, busyPace],
    );

    const deleted = await cleanExpiredSessions(getPgPool(), { graceMs: HOUR, recordTtlMs: HOUR });

    expect(deleted.sessions).toBeGreaterThanOrEqual(1);
    const remaining = await prisma.chatSession.findMany({
      where: { botId: bot.botId },
      select: { id: true },
    });
    expect(remaining.map((row) => row.id).sort()).toEqual([justExpired.id, live.id].sort());
    const records = await prisma.chatTurnRecord.findMany({
      where: { sessionId: live.id },
      select: { key: true },
    });
    expect(records.map((record) => record.key)).toEqual(["turn:1"]);
    const messageIds = await prisma.messagingInboundMessage.findMany({ where: { credentialsId } });
    expect(messageIds.map((row) => row.messageId)).toEqual(["wamid.recent"]);
    const paces = await getPgPool().query<{ key: string }>(
      `SELECT key FROM "ChannelSendPace" WHERE key = ANY ($1::text[])`,
      [[idlePace, busyPace]],
    );
    expect(paces.rows.map((row) => row.key)).toEqual([busyPace]);
  });
});

describe("the cleanup job across processes", () => {
  const url = dbEnv.DATABASE_URL ?? "";
  const expiredSessions = async (count: number) => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const rows = Array.from({ length: count }, () => ({
      id: createId(),
      botId: bot.botId,
      state: {},
      expiresAt: new Date(Date.now() - 3 * HOUR),
    }));
    await prisma.chatSession.createMany({ data: rows });
    return bot.botId;
  };
  /** A run older than this is presumed lost with its process (short, so a test sees the takeover). */
  const TIMEOUT_SECONDS = 2;
  /** A process's cleanup job: its own pool and job queue. */
  const runner = () => {
    const pool = createPgPool(url, 3);
    const queue = new JobQueue({ connectionString: url, poolSize: 2 });
    const { logger, lines } = createCapturingLogger();
    const job = createSessionCleanupJob({
      getPool: () => pool,
      logger,
      graceMs: HOUR,
      getQueue: () => queue,
      timeoutSeconds: TIMEOUT_SECONDS,
    });
    const end = async () => {
      await pool.end();
      await queue.stop(1_000);
    };
    return { pool, lines, job, queue, end };
  };

  it("deletes expired sessions once when two processes tick at the same time, with one log line of the count", async () => {
    const botId = await expiredSessions(25);
    const [first, second] = [runner(), runner()];
    // The first run to take the job is held inside its work (the table is locked) while the other ticks.
    const blocker = await getPgPool().connect();
    try {
      await blocker.query('BEGIN; LOCK TABLE "ChatTurnRecord" IN ACCESS EXCLUSIVE MODE');
      const ticks = [first.job.tick(), second.job.tick()];
      const skipped = await Promise.race(
        ticks.map((tick, index) => tick.then((outcome) => ({ index, outcome }))),
      );
      expect(skipped.outcome).toBe("skipped");
      await blocker.query("COMMIT");
      expect(await ticks[1 - skipped.index]).toBe("ran");
    } finally {
      blocker.release();
    }
    expect(await prisma.chatSession.count({ where: { botId } })).toBe(0);
    const lines = [...first.lines, ...second.lines];
    const counts = lines.filter((line) => line.msg === "expired chat sessions deleted");
    expect(counts).toHaveLength(1);
    expect(counts[0]?.sessions).toBeGreaterThanOrEqual(25);
    const skips = lines.filter((line) => line.msg === "job tick skipped: another process is running it");
    expect(skips).toEqual([expect.objectContaining({ level: 20, job: "sessionCleanup" })]);
    await Promise.all([first.end(), second.end()]);
  });

  it("is taken over on the next tick when the process holding it dies", async () => {
    const botId = await expiredSessions(3);
    const { lines, job, queue, end } = runner();
    const holder = await spawnPeriodicJobHolder("sessionCleanup", TIMEOUT_SECONDS);
    try {
      expect(await job.tick()).toBe("skipped");
      expect(await prisma.chatSession.count({ where: { botId } })).toBe(3);
      const exited = new Promise((resolve) => holder.once("exit", resolve));
      holder.kill("SIGKILL");
      await exited;
      // Past its timeout the dead process's run is failed (the queue's maintenance does it every
      // interval; here at once), and the next tick runs the job.
      await vi.waitFor(
        async () => {
          await queue.expireTimedOut();
          expect(await job.tick()).toBe("ran");
        },
        { timeout: 20_000, interval: 500 },
      );
    } finally {
      holder.kill("SIGKILL");
    }
    expect(await prisma.chatSession.count({ where: { botId } })).toBe(0);
    expect(lines.filter((line) => line.msg === "expired chat sessions deleted")).toHaveLength(1);
    await end();
  }, 60_000);
});
