import { listenForNotifications, type NotificationListener, notificationChannels } from "@parley/db";
import type { ChatRuntime } from "../core/chatRuntime";

/**
 * One process's wake-ups of open session streams: a single LISTEN connection (started with the first
 * stream) on `parley_session_events`, whose payload is a session id. A stream waits here between reads
 * and reads PostgreSQL only when its session has news (or the connection was reset), so an idle stream
 * costs no SQL: heartbeats are written from memory.
 */
export class SessionEventHub {
  readonly #waiters = new Map<string, Set<() => void>>();
  #listener: NotificationListener | null = null;

  /** Resolves at the next notification of `sessionId`, a reset of the connection, or `signal`'s abort. */
  wait(sessionId: string, signal: AbortSignal): Promise<void> {
    this.#listener ??= listenForNotifications(notificationChannels.sessionEvents, {
      onNotification: (id) => this.#wake(id),
      onReset: () => {
        for (const id of [...this.#waiters.keys()]) this.#wake(id);
      },
    });
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const waiters = this.#waiters.get(sessionId) ?? new Set();
      this.#waiters.set(sessionId, waiters);
      const done = () => {
        waiters.delete(done);
        if (waiters.size === 0 && this.#waiters.get(sessionId) === waiters) this.#waiters.delete(sessionId);
        signal.removeEventListener("abort", done);
        resolve();
      };
      waiters.add(done);
      signal.addEventListener("abort", done, { once: true });
    });
  }

  /** Streams waiting now (for metrics and tests). */
  get waitingStreams(): number {
    let count = 0;
    for (const waiters of this.#waiters.values()) count += waiters.size;
    return count;
  }

  #wake(sessionId: string) {
    for (const done of [...(this.#waiters.get(sessionId) ?? [])]) done();
  }

  async stop(): Promise<void> {
    await this.#listener?.stop();
    this.#listener = null;
  }
}

const hubs = new WeakMap<ChatRuntime, SessionEventHub>();

/** The hub of a runtime (one per process in production; tests run several runtimes, each its own). */
export function getSessionEventHub(runtime: ChatRuntime): SessionEventHub {
  let hub = hubs.get(runtime);
  if (!hub) {
    hub = new SessionEventHub();
    hubs.set(runtime, hub);
  }
  return hub;
}
