import pg from "pg";
import { dbEnv } from "./env";

/** The PostgreSQL NOTIFY channels of the product, all of them here (payloads are plain text). */
export const notificationChannels = {
  /** A custom domain's routing changed; the payload is its host. */
  customDomains: "parley_custom_domains",
  /** A chat session's event stream has a new event (an agent's message, typing, the close); the payload is its id. */
  sessionEvents: "parley_session_events",
} as const;

export type NotificationChannel = (typeof notificationChannels)[keyof typeof notificationChannels];

export interface NotificationListener {
  stop: () => Promise<void>;
}

const maxReconnectDelayMs = 30_000;

/**
 * LISTENs on `channel` over a connection of its own (outside the pools) and calls `onNotification`
 * with each payload. A lost connection is reopened with a growing delay (1 s up to 30 s);
 * `onReset` is called when it was lost and again once it listens anew, since notifications sent in
 * between are never delivered: callers drop what they cached.
 */
export function listenForNotifications(
  channel: NotificationChannel,
  handlers: { onNotification: (payload: string) => void; onReset: () => void },
  connectionString = dbEnv.DATABASE_URL,
): NotificationListener {
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let isStopped = false;
  let failures = 0;

  const scheduleReconnect = () => {
    if (isStopped || timer) return;
    handlers.onReset();
    const delay = Math.min(maxReconnectDelayMs, 1_000 * 2 ** Math.min(failures, 5));
    failures++;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
  };

  const connect = async () => {
    if (isStopped || !connectionString) return;
    const next = new pg.Client({ connectionString });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? "");
    });
    // A connection that failed is closed, and replaced unless it was already (or the listener stopped).
    const drop = () => {
      void next.end().catch(() => {});
      if (client === next) scheduleReconnect();
    };
    next.on("error", drop);
    next.on("end", () => {
      if (client === next) scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      failures = 0;
      // Anything sent before LISTEN took effect is lost: start from a clean cache.
      handlers.onReset();
    } catch {
      drop();
    }
  };

  void connect();
  return {
    stop: async () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
