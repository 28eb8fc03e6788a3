import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { dbEnv } from "../env";
import { defineJob, JobQueue } from "./jobQueue";

const queues: JobQueue[] = [];
/** A process's queue: its own pool, maintenance every second. */
function openQueue() {
  const queue = new JobQueue({
    connectionString: dbEnv.DATABASE_URL ?? "",
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
  });
  queues.push(queue);
  return queue;
}
afterAll(async () => {
  await Promise.all(queues.map((queue) => queue.stop(1_000)));
});

describe("the job queue", () => {
  it("refuses a payload its definition's schema does not accept, before storing it", async () => {
    const queue = openQueue();
    const definition = defineJob({ name: "test.typed", payload: z.object({ to: z.string().email() }) });
    await expect(queue.enqueue(definition, { to: "not an address" })).rejects.toThrow(/email/i);
    expect(await queue.readQueueStats()).not.toContainEqual(expect.objectContaining({ name: "test.typed" }));
  });

  it("retries a failing job with growing pauses, then keeps it as a dead job with its error", async () => {
    const queue = openQueue();
    const definition = defineJob({
      name: "test.always-fails",
      payload: z.object({ n: z.number() }),
      retryLimit: 2,
      retryDelaySeconds: 1,
    });
    const tries: { retryCount: number; at: number }[] = [];
    await queue.work(definition, async (_payload, job) => {
      tries.push({ retryCount: job.retryCount, at: Date.now() });
      throw new Error(`refused on try ${job.retryCount + 1}`);
    });
    const id = await queue.enqueue(definition, { n: 1 });
    await vi.waitFor(
      async () =>
        expect(await queue.readQueueStats()).toContainEqual({
          name: "test.always-fails",
          waiting: 0,
          active: 0,
          failed: 1,
        }),
      { timeout: 25_000, interval: 250 },
    );
    expect(tries.map((item) => item.retryCount)).toEqual([0, 1, 2]);
    const [dead] = await queue.readDeadJobs("test.always-fails");
    expect(dead).toMatchObject({ id, data: { n: 1 }, retryCount: 2, error: { message: "refused on try 3" } });
  }, 30_000);

  it("runs a job enqueued by one process in another, once, and lets one key's job run in one place at a time", async () => {
    const [first, second] = [openQueue(), openQueue()];
    const definition = defineJob({ name: "test.once", payload: z.object({}), onePerKey: true });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs: string[] = [];
    await first.enqueue(definition, {}, { key: "k" });
    expect(await first.enqueue(definition, {}, { key: "k" })).toBeNull();
    const running = first.runOne(definition, async () => {
      runs.push("first");
      await held;
    });
    await vi.waitFor(() => expect(runs).toEqual(["first"]));
    // A job of the same key waits while the first one runs; the other process cannot take it.
    await second.enqueue(definition, {}, { key: "k" });
    expect(await second.runOne(definition, async () => void runs.push("second"))).toBe("none");
    release();
    expect(await running).toBe("ran");
    expect(await second.runOne(definition, async () => void runs.push("second"))).toBe("ran");
    expect(runs).toEqual(["first", "second"]);
  });

  it("one job per key and time slot across processes (throttled enqueues)", async () => {
    const [first, second] = [openQueue(), openQueue()];
    const definition = defineJob({ name: "test.throttled", payload: z.object({}) });
    const ids = await Promise.all([
      first.enqueue(definition, {}, { key: "tick", throttleSeconds: 3600 }),
      second.enqueue(definition, {}, { key: "tick", throttleSeconds: 3600 }),
      first.enqueue(definition, {}, { key: "tick", throttleSeconds: 3600 }),
    ]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
  });
});
