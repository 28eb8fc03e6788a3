import type { Server } from "node:http";

/**
 * Listens on 127.0.0.1 (`port` 0: a free port). A fixed port still held by another browser spec (the
 * app is pointed at one port per platform) is tried again until `waitMs` passed, so the specs take turns.
 */
export async function listenOnLoopback(server: Server, port = 0, waitMs = 60_000): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
          server.off("error", reject);
          resolve();
        });
      });
      return;
    } catch (error) {
      const isHeld = (error as NodeJS.ErrnoException).code === "EADDRINUSE" && port !== 0;
      if (!isHeld || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
