import { dbEnv } from "@parley/db";
import { requestFrom } from "@parley/platform/testing/requestFrom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublishedTestBot } from "../../testing/chatFixtures";
import { type ChatServerProcess, killChatProcesses, spawnChatServer } from "../../testing/spawnChatServer";
import { createGreetingFlow } from "../../testing/testFlows";

// Two `npm run chat-server` processes on one database, with small limits whose windows are long
// (1 a minute: 5 per 300 s; 2: 5 per 150 s; 3: 5 per 100 s), so no window ends during a test. Calls
// come from 127.0.0.1, the one trusted proxy (its X-Forwarded-For names the client), or from
// 127.0.0.2, a client reaching the servers directly.
const limitsEnv = {
  CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE: "1",
  CHAT_RATE_LIMIT_START_PER_KEY_PER_MINUTE: "2",
  CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE: "3",
  TRUSTED_PROXIES: "127.0.0.1",
};
let servers: ChatServerProcess[] = [];

beforeAll(async () => {
  servers = await Promise.all([
    spawnChatServer(dbEnv.DATABASE_URL ?? "", undefined, { env: limitsEnv }),
    spawnChatServer(dbEnv.DATABASE_URL ?? "", undefined, { env: limitsEnv }),
  ]);
}, 120_000);
afterAll(() => killChatProcesses(servers));

interface Reply {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

/**
 * Call `index` goes to server `index % 2`: every other call lands on the other process. It comes from
 * `from` (default 127.0.0.1), a loopback address its socket is bound to.
 */
async function post(
  index: number,
  path: string,
  options: { token: string; headers?: Record<string, string>; from?: string },
): Promise<Reply> {
  const reply = await requestFrom(
    options.from ?? "127.0.0.1",
    `${servers[index % servers.length]?.baseUrl}/api/v1${path}`,
    {
      method: "POST",
      headers: {
        authorization: `Bearer ${options.token}`,
        "content-type": "application/json",
        ...options.headers,
      },
      body: JSON.stringify(path.endsWith("continueChat") ? { message: `not an e-mail ${index}` } : {}),
    },
  );
  const retryAfter = reply.headers["retry-after"];
  return {
    status: reply.status,
    retryAfter: typeof retryAfter === "string" ? retryAfter : null,
    body: JSON.parse(reply.text),
  };
}

/** Six calls: the first five allowed, the sixth refused with RATE_LIMITED and a wait within `window` s. */
function expectSixthRefused(responses: Reply[], window: number) {
  expect(responses.slice(0, 5).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
  const refused = responses[5];
  expect(refused?.status).toBe(403);
  expect(refused?.body).toMatchObject({ code: "FORBIDDEN", issues: [{ code: "RATE_LIMITED" }] });
  expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
  expect(Number(refused?.retryAfter)).toBeLessThanOrEqual(window);
}

/**
 * Six startChats with the chat keys of two new bots in turn (3 each, under their own limit: only the
 * address's limit can refuse), two by two on each server, from `from` claiming `forwardedFor(i)`.
 */
async function startSixWithTwoKeys(from: string, forwardedFor: (index: number) => string) {
  const bots = [
    await createPublishedTestBot(createGreetingFlow()),
    await createPublishedTestBot(createGreetingFlow()),
  ];
  const responses = [];
  for (let i = 0; i < 6; i++) {
    const bot = bots[i % 2];
    responses.push(
      await post(Math.floor(i / 2), `/bots/${bot?.publicId}/startChat`, {
        token: bot?.chatKey ?? "",
        from,
        headers: { "x-forwarded-for": forwardedFor(i) },
      }),
    );
  }
  return { bots, responses };
}

describe("rate limits shared by two chat server processes", () => {
  it("holds the per-address startChat limit across both, behind the trusted proxy", async () => {
    const { bots, responses } = await startSixWithTwoKeys("127.0.0.1", () => "203.0.113.50");
    expectSixthRefused(responses, 300);
    // The proxy's X-Forwarded-For was believed: another client behind it is not refused.
    const other = await post(0, `/bots/${bots[0]?.publicId}/startChat`, {
      token: bots[0]?.chatKey ?? "",
      headers: { "x-forwarded-for": "203.0.113.51" },
    });
    expect(other.status).toBe(200);
  });

  it("ignores the X-Forwarded-For of a peer that is not a trusted proxy", async () => {
    // A new address claimed each time: all of them count as 127.0.0.2, the socket's.
    const { responses } = await startSixWithTwoKeys("127.0.0.2", (index) => `192.0.2.${index + 1}`);
    expectSixthRefused(responses, 300);
  });

  it("limits an API token per token, across both, and never by its address", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    // The address of a customer's backend, already refused for browsers.
    const backend = { "x-forwarded-for": "203.0.113.90" };
    for (let i = 0; i < 5; i++) {
      await post(i, `/bots/${bot.publicId}/startChat`, { token: bot.chatKey, headers: backend });
    }
    expect(
      (await post(0, `/bots/${bot.publicId}/startChat`, { token: bot.chatKey, headers: backend })).status,
    ).toBe(403);
    const responses = [];
    for (let i = 0; i < 6; i++) {
      responses.push(
        await post(i, `/bots/${bot.publicId}/startChat`, { token: bot.owner.token, headers: backend }),
      );
    }
    expectSixthRefused(responses, 150);
  });

  it("holds the per-key startChat limit across both", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const responses = [];
    for (let i = 0; i < 6; i++) {
      responses.push(
        await post(i, `/bots/${bot.publicId}/startChat`, {
          token: bot.chatKey,
          headers: { "x-forwarded-for": `198.51.100.${60 + i}` },
        }),
      );
    }
    expectSixthRefused(responses, 150);
  });

  it("holds the per-session turn limit across both", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const started = await post(0, `/bots/${bot.publicId}/startChat`, {
      token: bot.chatKey,
      headers: { "x-forwarded-for": "198.51.100.80" },
    });
    const sessionId = (started.body as { sessionId: string }).sessionId;
    const responses = [];
    for (let i = 0; i < 6; i++) {
      responses.push(await post(i, `/sessions/${sessionId}/continueChat`, { token: bot.chatKey }));
    }
    expectSixthRefused(responses, 100);
  });
});
