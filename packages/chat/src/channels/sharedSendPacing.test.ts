import { createId, createPgPool, dbEnv, type Pool } from "@parley/db";
import type { ReservedSendSlot } from "@parley/db/queries/reserveSendSlots";
import { callTelegramBotApi } from "@parley/integrations/messaging/callTelegramBotApi";
import { sendWhatsAppMessage } from "@parley/integrations/messaging/sendWhatsAppMessage";
import { afterAll, describe, expect, it } from "vitest";
import { startLocalGraphApi } from "../testing/startLocalGraphApi";
import { startLocalTelegramBotApi } from "../testing/startLocalTelegramBotApi";
import { createSharedTelegramSendRate, TELEGRAM_RATES } from "./telegram/createTelegramSendRate";
import { createSharedWhatsAppSendRate } from "./whatsapp/createWhatsAppSendRate";

const pools: Pool[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await Promise.all(pools.map((pool) => pool.end()));
});

/** A process's pool of its own on the shared database. */
function openPool() {
  const pool = createPgPool(dbEnv.DATABASE_URL ?? "", 2);
  pools.push(pool);
  return pool;
}

/**
 * The pace the reserved slots keep, whatever the order and the moment the processes reserved them: any
 * `burst + 1` consecutive sends (by their reserved time, the database's clock) span at least `intervalMs`.
 */
function expectPaced(slots: readonly ReservedSendSlot[], intervalMs: number, burst: number) {
  const times = slots.map((slot) => slot.sendAt).sort((a, b) => a - b);
  const spans = times.slice(burst).map((time, index) => time - (times[index] ?? 0));
  expect(spans.length).toBeGreaterThan(0);
  for (const span of spans) expect(span).toBeGreaterThanOrEqual(intervalMs);
}

describe("send pacing shared by the cluster's processes", () => {
  it("keeps two processes sending from one WhatsApp number together at the number's rate", async () => {
    const graph = await startLocalGraphApi();
    closers.push(graph.close);
    const account = { systemUserAccessToken: "token", phoneNumberId: `pace-${createId()}` };
    // One message a second from this number, no burst: the reserved slots are a second apart.
    const perSecond = 1;
    const sendsPerProcess = 3;
    const slots: ReservedSendSlot[] = [];
    const processSends = async (pool: Pool, process: number) => {
      const rate = createSharedWhatsAppSendRate(() => pool, perSecond);
      for (let index = 0; index < sendsPerProcess; index++) {
        const to = `3360000${process}${index}`;
        const slot = await rate.reserveSlot(account.phoneNumberId, to);
        slots.push(slot);
        if (slot.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, slot.waitMs));
        const sent = await sendWhatsAppMessage(
          account,
          to,
          { type: "text", text: { body: `message ${index} of process ${process}` } },
          { graphApiUrl: graph.url },
        );
        expect(sent.ok).toBe(true);
      }
    };
    await Promise.all([processSends(openPool(), 1), processSends(openPool(), 2)]);

    expectPaced(slots, 1_000 / perSecond, 1);
    // Every message reached the Graph API once.
    const bodies = graph.calls
      .filter((call) => call.method === "POST" && call.path.endsWith("/messages"))
      .map((call) => (call.body as { text: { body: string } }).text.body)
      .sort();
    expect(bodies).toEqual(
      [1, 2]
        .flatMap((process) =>
          Array.from({ length: sendsPerProcess }, (_, index) => `message ${index} of process ${process}`),
        )
        .sort(),
    );
  });

  it("keeps two processes sending to one Telegram chat together at one message a second after the burst", async () => {
    const botApi = await startLocalTelegramBotApi();
    closers.push(botApi.close);
    const credentialsId = `pace-${createId()}`;
    const chatId = "6201";
    const { burst } = TELEGRAM_RATES.perChat;
    // Two sends past the chat's burst: any burst + 1 of them span a second.
    const sendsPerProcess = burst / 2 + 1;
    const slots: ReservedSendSlot[] = [];
    const processSends = async (pool: Pool, process: number) => {
      const rate = createSharedTelegramSendRate(() => pool);
      for (let index = 0; index < sendsPerProcess; index++) {
        const slot = await rate.reserveSlot(credentialsId, chatId);
        slots.push(slot);
        if (slot.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, slot.waitMs));
        const sent = await callTelegramBotApi(
          "42:token",
          "sendMessage",
          { chat_id: chatId, text: `message ${index} of process ${process}` },
          { apiUrl: botApi.url },
        );
        expect(sent.ok).toBe(true);
      }
    };
    await Promise.all([processSends(openPool(), 1), processSends(openPool(), 2)]);

    expectPaced(slots, 60_000 / TELEGRAM_RATES.perChat.perMinute, burst);
    // Every message reached the Bot API once.
    const texts = botApi
      .takeCalls()
      .filter((call) => call.path.endsWith("/sendMessage"))
      .map((call) => (call.body as { text: string }).text)
      .sort();
    expect(texts).toEqual(
      [1, 2]
        .flatMap((process) =>
          Array.from({ length: sendsPerProcess }, (_, index) => `message ${index} of process ${process}`),
        )
        .sort(),
    );
  });
});
