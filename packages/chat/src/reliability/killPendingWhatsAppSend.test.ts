// THE KILL TEST of the durable messaging sends: a chat server holding a pending WhatsApp reply is
// SIGKILLed, another one starts, and the reply reaches the (local) Cloud API exactly once.
import { getPrisma } from "@parley/db";
import { afterAll, describe, expect, it, vi } from "vitest";

// The chat servers read the credentials this test stores: one key for all of them.
vi.hoisted(() => {
  process.env.ENCRYPTION_SECRET ??= "kill-test-encryption-secret-0123456789abcdef";
});

const { spawnChatServer, waitForExit } = await import("../testing/spawnChatServer");
const { startLocalGraphApi } = await import("../testing/startLocalGraphApi");
const { createGreetingFlow } = await import("../testing/testFlows");
const {
  createWhatsAppBot,
  messagingOn,
  textMessage,
  textSend,
  whatsAppNotification,
  whatsAppWebhookRequest,
} = await import("../testing/whatsAppFixtures");

type Spawned = Awaited<ReturnType<typeof spawnChatServer>>;
const started: Spawned[] = [];
afterAll(() => {
  for (const server of started) server.child.kill("SIGKILL");
});

describe("a WhatsApp reply pending in a chat server that is killed", () => {
  it("arrives exactly once, sent by the chat server started after it", async () => {
    const graph = await startLocalGraphApi();
    const databaseUrl = process.env.DATABASE_URL ?? "";
    const env = {
      WHATSAPP_GRAPH_API_URL: graph.url,
      ENCRYPTION_SECRET: process.env.ENCRYPTION_SECRET ?? "",
      CHANNEL_SEND_RECOVERY_SECONDS: "2",
    };
    try {
      const bot = await createWhatsAppBot(createGreetingFlow(messagingOn()));
      const ada = "33612345678";
      const first = await spawnChatServer(databaseUrl, undefined, { env });
      started.push(first);
      // The platform receives the reply and never answers: the send is pending in the first server.
      graph.holdNext();
      const request = whatsAppWebhookRequest(bot, whatsAppNotification(ada, textMessage("hi")));
      const acknowledged = await fetch(`${first.baseUrl}${new URL(request.url).pathname}`, {
        method: "POST",
        headers: request.headers,
        body: await request.text(),
      });
      expect(acknowledged.status).toBe(200);
      await vi.waitFor(() => expect(graph.heldCount()).toBe(1), { timeout: 20_000, interval: 50 });
      first.child.kill("SIGKILL");
      await waitForExit(first.child);
      // The held request dies with its sender, untaken.
      graph.dropHeld();
      expect(graph.delivered).toEqual([]);

      const second = await spawnChatServer(databaseUrl, undefined, { env });
      started.push(second);
      // The turn's two replies, each once, in order.
      await vi.waitFor(() => expect(graph.delivered).toHaveLength(2), { timeout: 60_000, interval: 200 });
      expect(graph.delivered).toEqual([textSend(ada, "Hello !"), textSend(ada, "Type your answer...")]);
      // Nothing is left to send: no job waits, the delivery's progress row is gone.
      await vi.waitFor(async () => expect(await getPrisma().channelSendProgress.count()).toBe(0), {
        timeout: 20_000,
        interval: 200,
      });
      // And nothing more arrives (the next recovery time passed).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(graph.delivered).toHaveLength(2);
    } finally {
      await graph.close();
    }
  }, 180_000);
});
