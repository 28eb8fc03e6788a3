import { createId, createPgPool, dbEnv, type Pool } from "@parley/db";
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

describe("send pacing shared by the cluster's processes", () => {
  it("keeps two processes sending from one WhatsApp number together at the number's rate", async () => {
    const graph = await startLocalGraphApi();
    closers.push(graph.close);
    const account = { systemUserAccessToken: "token", phoneNumberId: `pace-${createId()}` };
    // One message a second from this number, no burst: the Graph API stand-in must see them a second apart.
    const perSecond = 1;
    const sendsPerProcess = 3;
    const processSends = async (pool: Pool, process: number) => {
      const rate = createSharedWhatsAppSendRate(() => pool, perSecond);
      for (let index = 0; index < sendsPerProcess; index++) {
        const to = `3360000${process}${index}`;
        const waitMs = await rate.reserve(account.phoneNumberId, to);
        if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
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

    const times = graph.sendTimes;
    expect(times).toHaveLength(2 * sendsPerProcess);
    const spacings = times.slice(1).map((time, index) => time - (times[index] ?? 0));
    // 1,000 ms apart by the pacing; half of that bounds what scheduling and the network may take off.
    expect(Math.min(...spacings)).toBeGreaterThanOrEqual(500);
  });

  it("keeps two processes sending to one Telegram chat together at one message a second after the burst", async () => {
    const botApi = await startLocalTelegramBotApi();
    closers.push(botApi.close);
    const credentialsId = `pace-${createId()}`;
    const chatId = "6201";
    const { burst } = TELEGRAM_RATES.perChat;
    // Two sends past the chat's burst: the last two must come a second after the one before each.
    const sendsPerProcess = burst / 2 + 1;
    const processSends = async (pool: Pool, process: number) => {
      const rate = createSharedTelegramSendRate(() => pool);
      for (let index = 0; index < sendsPerProcess; index++) {
        const waitMs = await rate.reserve(credentialsId, chatId);
        if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
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

    const times = botApi.sendTimes;
    expect(times).toHaveLength(burst + 2);
    const afterBurst = times.slice(burst).map((time, index) => time - (times[burst - 1 + index] ?? 0));
    expect(Math.min(...afterBurst)).toBeGreaterThanOrEqual(500);
  });
});
