import { request as httpRequest } from "node:http";
import { dbEnv } from "@parley/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublishedTestBot } from "../testing/chatFixtures";
import { type ChatServerProcess, killChatProcesses, spawnChatServer } from "../testing/spawnChatServer";
import { createGreetingFlow } from "../testing/testFlows";

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
 * `from`, a loopback address its socket is bound to.
 */
function post(
  index: number,
  path: string,
  options: { token: string; headers?: Record<string, string>; from?: string },
): Promise<Reply> {
  const server = new URL(servers[index % servers.length]?.baseUrl ?? "");
  const body = JSON.stringify(path.endsWith("continueChat") ? { message: `not an e-mail ${index}` } : {});
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: server.hostname,
        port: server.port,
        localAddress: options.from ?? "127.0.0.1",
        method: "POST",
        path: `/api/v1${path}`,
        headers: {
          authorization: `Bearer ${options.token}`,
          "content-type": "application/json",
          ...options.headers,
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: (response.headers["retry-after"] as string | undefined) ?? null,
            body: JSON.parse(text),
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

function expectRefused(
  response: { status: number; retryAfter: string | null; body: unknown },
  window: number,
) {
  expect(response?.status).toBe(403);
  expect(response?.body).toMatchObject({ code: "FORBIDDEN", issues: [{ code: "RATE_LIMITED" }] });
  expect(Number(response?.retryAfter)).toBeGreaterThan(0);
  expect(Number(response?.retryAfter)).toBeLessThanOrEqual(window);
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
    expectRefused(responses[5], 300);
    // The proxy's X-Forwarded-For was believed: another client behind it is not refused.
    const other = await post(0, `/bots/${bots[0]?.publicId}/startChat`, {
      token: bots[0]?.chatKey ?? "",
      headers: { "x-forwarded-for": "203.0.113.51" },
    });
    expect(other.status).toBe(200);
  });

  it("ignores the X-Forwarded-For of a peer that is not a trusted proxy", async () => {
    const bots = [
      await createPublishedTestBot(createGreetingFlow()),
      await createPublishedTestBot(createGreetingFlow()),
    ];
    const responses = [];
    for (let i = 0; i < 6; i++) {
      const bot = bots[i % 2];
      // A new address claimed each time: all of them count as 127.0.0.2, the socket's.
      responses.push(
        await post(Math.floor(i / 2), `/bots/${bot?.publicId}/startChat`, {
          token: bot?.chatKey ?? "",
          from: "127.0.0.2",
          headers: { "x-forwarded-for": `192.0.2.${i + 1}` },
        }),
      );
    }
    expect(responses.slice(0, 5).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expectRefused(responses[5], 300);
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
    expect(responses.slice(0, 5).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expectRefused(responses[5], 150);
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
    expectRefused(responses[5], 150);
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
    expectRefused(responses[5], 100);
  });
});
