import { getPrisma } from "@parley/db";
import { CLIENT_ADDRESS_HEADER } from "@parley/platform/http/clientAddress";
import { describe, expect, it } from "vitest";
import { chatEndpoints } from "../../chatEndpoints";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  readResponse,
} from "../../testing/chatFixtures";
import { createGreetingFlow } from "../../testing/testFlows";
import { fullChatPath } from "../chatEndpoint";

const prisma = getPrisma();
const { chat } = createTestChat();

describe("CORS and allowed origins", () => {
  it("answers preflights of every chat endpoint", async () => {
    for (const endpoint of chatEndpoints) {
      const path = fullChatPath(endpoint).replaceAll(/\{\w+\}/g, (name) =>
        name === "{visibility}" ? "public" : "x",
      );
      const response = await chat(
        new Request(`http://localhost:3001${path}`, {
          method: "OPTIONS",
          headers: { origin: "https://shop.example", "access-control-request-method": "POST" },
        }),
      );
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe("https://shop.example");
      expect(response.headers.get("access-control-allow-headers")).toContain("authorization");
      expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    }
  });

  it("lets chat-key calls through only from an allowed Origin when a list is set", async () => {
    const bot = await createPublishedTestBot(
      createGreetingFlow({
        security: { allowedOrigins: ["https://shop.example", "https://www.shop.example/"] },
      }),
    );
    const start = async (headers: Record<string, string>, token = bot.chatKey) =>
      readResponse(await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token, body: {}, headers })));

    const allowed = await start({ origin: "https://shop.example" });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://shop.example");
    expect((await start({ origin: "https://www.shop.example" })).status).toBe(200);

    const other = await start({ origin: "https://evil.example" });
    expect(other.status).toBe(403);
    expect(other.body.issues[0].code).toBe("ORIGIN_NOT_ALLOWED");
    const missing = await start({});
    expect(missing.status).toBe(403);
    expect(missing.body.issues[0].code).toBe("ORIGIN_NOT_ALLOWED");
    // API tokens are servers' credentials: no Origin to check.
    expect((await start({}, bot.owner.token)).status).toBe(200);

    // continueChat of a session checks the same list.
    const sessionId = allowed.body.sessionId;
    const reply = (headers: Record<string, string>) =>
      chat(
        chatRequest(`/sessions/${sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: "Ada" },
          headers,
        }),
      );
    expect((await reply({ origin: "https://evil.example" })).status).toBe(403);
    expect((await reply({ origin: "https://shop.example" })).status).toBe(200);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(3);
  });

  it("keeps a well-formed x-request-id and exposes it", async () => {
    const response = await chat(
      chatRequest("/bots/nope/startChat", {
        body: {},
        headers: { "x-request-id": "client-chosen-id-1", origin: "https://a.example" },
      }),
    );
    expect(response.headers.get("x-request-id")).toBe("client-chosen-id-1");
    expect(response.headers.get("access-control-expose-headers")).toContain("x-request-id");
  });
});

describe("rate limits", () => {
  it("refuses startChat past the per-IP budget with RATE_LIMITED and Retry-After, counting no chat", async () => {
    const { chat: limited } = createTestChat({
      rateLimitsPerMinute: { startPerIp: 6, startPerKey: 0, turnsPerSession: 0 },
    });
    const bot = await createPublishedTestBot(createGreetingFlow());
    const start = (ip: string) =>
      limited(
        chatRequest(`/bots/${bot.publicId}/startChat`, {
          token: bot.chatKey,
          body: {},
          // As the mounts stamp it from the socket (platform/http/clientAddress.ts).
          headers: { [CLIENT_ADDRESS_HEADER]: ip },
        }),
      );
    // 6 a minute: a window of 50 s holding 5 starts, from the first one.
    for (let i = 0; i < 5; i++) expect((await start("203.0.113.7")).status).toBe(200);
    const refused = await readResponse(await start("203.0.113.7"));
    expect(refused.status).toBe(403);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(40);
    expect(retryAfter).toBeLessThanOrEqual(50);
    expect(refused.body).toEqual({
      code: "FORBIDDEN",
      message: "Insufficient access",
      issues: [{ message: `Too many requests, retry in ${retryAfter} s`, code: "RATE_LIMITED" }],
    });
    expect((await start("198.51.100.1")).status).toBe(200);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(6);
  });

  it("limits startChat per key and continueChat per session", async () => {
    const { chat: limited } = createTestChat({
      rateLimitsPerMinute: { startPerIp: 0, startPerKey: 6, turnsPerSession: 6 },
    });
    const bot = await createPublishedTestBot(createGreetingFlow());
    const starts = [];
    for (let i = 0; i < 6; i++) {
      starts.push(
        await readResponse(
          await limited(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
        ),
      );
    }
    expect(starts.map((start) => start.status)).toEqual([200, 200, 200, 200, 200, 403]);
    const sessionId = starts[0]?.body.sessionId;
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const response = await limited(
        chatRequest(`/sessions/${sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: `not an e-mail ${i}` },
        }),
      );
      statuses.push(response.status);
      if (response.status === 403) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(40);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 403]);
  });

  it("tells every counted call its limit, what is left and when the window ends (RateLimit-*), readable by browsers", async () => {
    const { chat: limited } = createTestChat({
      rateLimitsPerMinute: { startPerIp: 60, startPerKey: 6, turnsPerSession: 6 },
    });
    const bot = await createPublishedTestBot(createGreetingFlow());
    const limitHeaders = (response: Response) =>
      ["limit", "remaining", "reset", "policy"].map((name) => response.headers.get(`ratelimit-${name}`));
    const start = await limited(
      chatRequest(`/bots/${bot.publicId}/startChat`, {
        token: bot.chatKey,
        body: {},
        headers: { origin: "https://shop.example", [CLIENT_ADDRESS_HEADER]: "203.0.113.9" },
      }),
    );
    expect(start.status).toBe(200);
    // Per IP 60 a minute is 10 per 10 s (9 left), per key 6 a minute is 5 per 50 s (4 left): the answer tells
    // the limit nearer to refusing.
    const [limit, remaining, reset, policy] = limitHeaders(start);
    expect([limit, remaining, policy]).toEqual(["5", "4", "5;w=50"]);
    expect(Number(reset)).toBeGreaterThan(40);
    expect(Number(reset)).toBeLessThanOrEqual(50);
    expect(start.headers.get("access-control-expose-headers")).toMatch(
      /ratelimit-limit, ratelimit-remaining, ratelimit-reset/,
    );
    const { sessionId } = (await readResponse(start)).body;
    const remainings = [];
    for (let i = 0; i < 6; i++) {
      const response = await limited(
        chatRequest(`/sessions/${sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: `not an e-mail ${i}` },
        }),
      );
      remainings.push([response.status, ...limitHeaders(response).slice(0, 2)]);
      if (response.status === 403) {
        expect(response.headers.get("retry-after")).toBe(response.headers.get("ratelimit-reset"));
      }
    }
    expect(remainings).toEqual([
      [200, "5", "4"],
      [200, "5", "3"],
      [200, "5", "2"],
      [200, "5", "1"],
      [200, "5", "0"],
      [403, "5", "0"],
    ]);
    // An endpoint that no limit counts carries none.
    const unlimited = await limited(chatRequest("/bots/nope/startChat", { body: {} }));
    expect(unlimited.headers.get("ratelimit-limit")).toBeNull();
  });
});
