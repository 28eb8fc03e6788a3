import type { ServerResponse } from "node:http";
import { type LocalServer, startLocalServer } from "@parley/integrations/testing/startLocalServer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  readResponse,
} from "../../testing/chatFixtures";
import { group, startEdge, startEvent } from "../../testing/testFlows";
import { createPortServices } from "./createPortServices";

// A receiver that records each request's path and Idempotency-Key; it holds the first /call
// unanswered, so that turn runs out of its budget and is retried.
let receiver: LocalServer;
const received: { path: string; key: string | undefined }[] = [];
const held: ServerResponse[] = [];

beforeAll(async () => {
  receiver = await startLocalServer((request, response) => {
    received.push({ path: request.url ?? "", key: request.headers["idempotency-key"] as string | undefined });
    if (request.url === "/call" && held.length === 0) {
      held.push(response);
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
afterAll(() => receiver.close());

const { chat } = createTestChat({
  turnTimeoutMs: 1_000,
  services: createPortServices({ httpAllowList: ["127.0.0.1"] }),
});

/** Ask, then two HTTP requests (the second with the author's own key), then ask again. */
const flow = (origin: string) => ({
  events: [startEvent],
  groups: [
    group(
      "g-ask",
      [
        { id: "b-ask", type: "text input", options: { variableId: "v-answer" } },
        { id: "b-call", type: "Webhook", options: { webhook: { url: `${origin}/call`, method: "POST" } } },
        {
          id: "b-own",
          type: "Webhook",
          outgoingEdgeId: "e-again",
          options: {
            webhook: {
              url: `${origin}/own`,
              method: "POST",
              headers: [{ id: "h1", key: "idempotency-KEY", value: "order-{{Answer}}" }],
            },
          },
        },
      ],
      { title: "Ask" },
    ),
  ],
  edges: [startEdge("g-ask"), { id: "e-again", from: { blockId: "b-own" }, to: { groupId: "g-ask" } }],
  variables: [{ id: "v-answer", name: "Answer" }],
});

describe("the HTTP request block's Idempotency-Key", () => {
  it("is the same when a turn is retried, new on the next visit, and the author's own key wins", async () => {
    const bot = await createPublishedTestBot(flow(receiver.origin));
    const start = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(start.status).toBe(200);
    const reply = (message: string, key: string) =>
      chat(
        chatRequest(`/sessions/${start.body.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message },
          headers: { "idempotency-key": key },
        }),
      ).then(readResponse);

    const timedOut = await reply("first", "turn-1");
    expect(timedOut.status).toBe(400);
    expect(timedOut.body.issues[0].code).toBe("TURN_TIMEOUT");
    const retried = await reply("first", "turn-1");
    expect(retried.status).toBe(200);
    const next = await reply("second", "turn-2");
    expect(next.status).toBe(200);

    expect(received.map((entry) => entry.path)).toEqual(["/call", "/call", "/own", "/call", "/own"]);
    const [sent, resent, ownFirst, secondVisit, ownSecond] = received.map((entry) => entry.key);
    expect(sent).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(resent).toBe(sent);
    expect(secondVisit).toMatch(/^[0-9a-f-]{36}$/);
    expect(secondVisit).not.toBe(sent);
    expect([ownFirst, ownSecond]).toEqual(["order-first", "order-second"]);
  });
});
