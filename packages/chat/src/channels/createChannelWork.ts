import type { Logger } from "@parley/platform/logger";

/** Turns of messaging channels run after their webhook was acknowledged, tracked so a shutdown can wait for them. */
export interface ChannelWork {
  run(task: () => Promise<void>, logger: Logger): void;
  /** Resolves once no task is running (tasks started meanwhile included). */
  idle(): Promise<void>;
}

export function createChannelWork(): ChannelWork {
  const pending = new Set<Promise<void>>();
  return {
    run(task, logger) {
      const running: Promise<void> = task()
        .catch((error: unknown) => logger.error({ err: error }, "messaging: a channel task failed"))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
