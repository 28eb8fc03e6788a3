import { createPgPool, createPrismaClient, dbEnv, getPgPool, getPrisma } from "@parley/db";
import { JobQueue } from "@parley/db/queue";
import { createCapturingLogger } from "@parley/platform/testing/createCapturingLogger";
import { spawnPeriodicJobHolder } from "@parley/platform/testing/spawnPeriodicJobHolder";
import { describe, expect, it, vi } from "vitest";
import { createAgedTeam } from "../testing/createAgedTeam";
import { createBillingJob } from "./startBillingJob";

const url = dbEnv.DATABASE_URL ?? "";
/** A run older than this is presumed lost with its process (short, so a test sees the takeover). */
const TIMEOUT_SECONDS = 2;

/** A builder process's billing job: its own pool, Prisma client and job queue. */
function billingRunner() {
  const pool = createPgPool(url, 3);
  const prisma = createPrismaClient({ connectionString: url, pool });
  const queue = new JobQueue({ connectionString: url, poolSize: 2 });
  const { logger, lines } = createCapturingLogger();
  const job = createBillingJob({
    getPrisma: () => prisma,
    logger,
    getQueue: () => queue,
    timeoutSeconds: TIMEOUT_SECONDS,
  });
  const end = async () => {
    await prisma.$disconnect();
    await pool.end().catch(() => {});
    await queue.stop(1_000);
  };
  return { lines, job, queue, end };
}

const invoicesOf = (workspaceId: string) =>
  getPrisma().invoice.findMany({ where: { workspaceId }, select: { periodStart: true } });

describe("the billing job across processes", () => {
  it("invoices each closed month once when two builders tick at the same time", async () => {
    const team = await createAgedTeam(3);
    const [first, second] = [billingRunner(), billingRunner()];
    // The first run to take the job waits inside its work (the invoice table is locked) while the other ticks.
    const blocker = await getPgPool().connect();
    try {
      await blocker.query('BEGIN; LOCK TABLE "Invoice" IN ACCESS EXCLUSIVE MODE');
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
    const invoices = await invoicesOf(team.workspaceId);
    expect(invoices).toHaveLength(3);
    expect(new Set(invoices.map((invoice) => invoice.periodStart.getTime())).size).toBe(3);
    const lines = [...first.lines, ...second.lines];
    const created = lines.filter((line) => line.msg === "invoices created for closed billing periods");
    expect(created).toHaveLength(1);
    expect(created[0]?.created).toBeGreaterThanOrEqual(3);
    expect(lines.filter((line) => line.msg === "job tick skipped: another process is running it")).toEqual([
      expect.objectContaining({ level: 20, job: "billing" }),
    ]);
    await Promise.all([first.end(), second.end()]);
  });

  it("is taken over on the next tick when the builder holding it dies", async () => {
    const team = await createAgedTeam(1);
    const runner = billingRunner();
    const holder = await spawnPeriodicJobHolder("billing", TIMEOUT_SECONDS);
    try {
      expect(await runner.job.tick()).toBe("skipped");
      expect(await invoicesOf(team.workspaceId)).toHaveLength(0);
      const exited = new Promise((resolve) => holder.once("exit", resolve));
      holder.kill("SIGKILL");
      await exited;
      // Past its timeout the dead process's run is failed (the queue's maintenance does it every
      // interval; here at once), and the next tick runs the job.
      await vi.waitFor(
        async () => {
          await runner.queue.expireTimedOut();
          expect(await runner.job.tick()).toBe("ran");
        },
        { timeout: 20_000, interval: 500 },
      );
    } finally {
      holder.kill("SIGKILL");
    }
    expect(await invoicesOf(team.workspaceId)).toHaveLength(1);
    await runner.end();
  }, 60_000);
});
