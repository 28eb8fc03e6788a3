import type { Logger } from "@parley/platform/logger";

/** Turns of messaging channels run after their webhook was acknowledged, tracked so a shutdown can wait for them. */
export interface ChannelWork {
  run(task: () => Promise<void>, logger: Logger): void;
  /**
   * Runs the tasks given one `key` (a conversation) one after the other, in the order of the calls:
   * the queue is joined at the call, before any await.
   */
  inOrder<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Resolves once no task is running (tasks started meanwhile included). */
  idle(): Promise<void>;
}

export function createChannelWork(): ChannelWork {
  const pending = new Set<Promise<void>>();
  const queues = new Map<string, Promise<unknown>>();
  return {
    run(task, logger) {
      const running: Promise<void> = task()
        .catch((error: unknown) => logger.error({ err: error }, "messaging: a channel task failed"))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    inOrder(key, task) {
      const previous = queues.get(key) ?? Promise.resolve();
      const next = previous.then(task, task);
      const settled = next.catch(() => undefined);
      queues.set(key, settled);
      settled.then(() => {
        if (queues.get(key) === settled) queues.delete(key);
      });
      return next;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
