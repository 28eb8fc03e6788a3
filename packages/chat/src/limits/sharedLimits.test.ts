import { dbEnv } from "@parley/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublishedTestBot } from "../testing/chatFixtures";
import { type ChatServerProcess, killChatProcesses, spawnChatServer } from "../testing/spawnChatServer";
import { createGreetingFlow } from "../testing/testFlows";

// Two `npm run chat-server` processes on one database, with small limits whose windows are long
// (1 a minute: 5 per 300 s; 2: 5 per 150 s; 3: 5 per 100 s), so no window ends during a test.
const limitsEnv = {
  CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE: "1",
  CHAT_RATE_LIMIT_START_PER_KEY_PER_MINUTE: "2",
  CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE: "3",
};
let servers: ChatServerProcess[] = [];

beforeAll(async () => {
  servers = await Promise.all([
    spawnChatServer(dbEnv.DATABASE_URL ?? "", undefined, { env: limitsEnv }),
    spawnChatServer(dbEnv.DATABASE_URL ?? "", undefined, { env: limitsEnv }),
  ]);
}, 120_000);
afterAll(() => killChatProcesses(servers));

/** Call `index` goes to server `index % 2`: every other call lands on the other process. */
async function post(
  index: number,
  path: string,
  options: { token: string; headers?: Record<string, string> },
) {
  const server = servers[index % servers.length];
  const response = await fetch(`${server?.baseUrl}/api/v1${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${options.token}`,
      "content-type": "application/json",
      ...options.headers,
    },
    body: JSON.stringify(path.endsWith("continueChat") ? { message: `not an e-mail ${index}` } : {}),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: await response.json(),
  };
}

function expectRefused(
  response: { status: number; retryAfter: string | null; body: unknown },
  window: number,
) {
  expect(response.status).toBe(403);
  expect(response.body).toMatchObject({ code: "FORBIDDEN", issues: [{ code: "RATE_LIMITED" }] });
  expect(Number(response.retryAfter)).toBeGreaterThan(0);
  expect(Number(response.retryAfter)).toBeLessThanOrEqual(window);
}

describe("rate limits shared by two chat server processes", () => {
  it("holds the per-address startChat limit across both", async () => {
    const bots = [
      await createPublishedTestBot(createGreetingFlow()),
      await createPublishedTestBot(createGreetingFlow()),
    ];
    const responses = [];
    for (let i = 0; i < 6; i++) {
      const bot = bots[i % 2];
      // Two keys (3 starts each, under their limit): only the address's limit can refuse.
      responses.push(
        await post(Math.floor(i / 2), `/bots/${bot?.publicId}/startChat`, {
          token: bot?.chatKey ?? "",
          headers: { "x-forwarded-for": "203.0.113.50" },
        }),
      );
    }
    expect(responses.slice(0, 5).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expectRefused(responses[5] as (typeof responses)[number], 300);
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
    expect(responses.slice(0, 5).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expectRefused(responses[5] as (typeof responses)[number], 150);
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
    expect(responses.slice(0, 5).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expectRefused(responses[5] as (typeof responses)[number], 100);
  });
});
