import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getPrisma } from "@parley/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortServices } from "../core/ports/createPortServices";
import { chatRequest, createPublishedTestBot, createTestChat, readResponse } from "../testing/chatFixtures";
import { createWebhookFlow } from "../testing/createWebhookFlow";
import { group, startEdge, startEvent } from "../testing/testFlows";

// A server that never answers: the turn's time budget must end the request and leave the session as it was.
let server: Server;
let baseUrl = "";
const pending: IncomingMessage[] = [];
const closed: Promise<void>[] = [];

beforeAll(async () => {
  server = createServer((request) => {
    pending.push(request);
    closed.push(new Promise((resolve) => request.socket.once("close", () => resolve())));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  baseUrl = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const prisma = getPrisma();
const { chat } = createTestChat({
  turnTimeoutMs: 500,
  services: createPortServices({ httpAllowList: ["127.0.0.2"] }),
});

describe("the per-turn time budget", () => {
  it("fails a continueChat past the budget with TURN_TIMEOUT, aborts its request and keeps the session as it was", async () => {
    const bot = await createPublishedTestBot(createWebhookFlow({ askFirst: true }));
    const start = await readResponse(
      await chat(
        chatRequest(`/bots/${bot.publicId}/startChat`, {
          token: bot.chatKey,
          body: { prefilledVariables: { Target: `${baseUrl}/slow` } },
        }),
      ),
    );
    expect(start.status).toBe(200);
    const before = await prisma.chatSession.findUniqueOrThrow({ where: { id: start.body.sessionId } });
    const reply = await readResponse(
      await chat(
        chatRequest(`/sessions/${start.body.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: "go" },
        }),
      ),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.issues[0].code).toBe("TURN_TIMEOUT");
    // The request the turn made is aborted with it.
    expect(pending).toHaveLength(1);
    await closed[0];
    const after = await prisma.chatSession.findUniqueOrThrow({ where: { id: start.body.sessionId } });
    expect(after.turn).toBe(before.turn);
    expect(after.state).toEqual(before.state);
    expect(await prisma.answer.count({ where: { resultId: start.body.resultId } })).toBe(0);
  });

  it("fails a startChat past the budget without creating a session or a result", async () => {
    const bot = await createPublishedTestBot(createWebhookFlow());
    const response = await readResponse(
      await chat(
        chatRequest(`/bots/${bot.publicId}/startChat`, {
          token: bot.chatKey,
          body: { prefilledVariables: { Target: `${baseUrl}/slow` } },
        }),
      ),
    );
    expect(response.status).toBe(400);
    expect(response.body.issues[0].code).toBe("TURN_TIMEOUT");
    expect(await prisma.chatSession.count({ where: { botId: bot.botId } })).toBe(0);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(0);
  });

  it("fails a turn that walks blocks past the budget without any port call (issue 17), writing nothing", async () => {
    // A new random id each round and no exit: the engine would run 100,000 blocks; the budget ends it first.
    const { chat: quickChat } = createTestChat({ turnTimeoutMs: 20 });
    const bot = await createPublishedTestBot({
      events: [startEvent],
      groups: [
        group("g-1", [
          {
            id: "b-id",
            type: "Set variable",
            options: { variableId: "v-id", type: "Random ID" },
            outgoingEdgeId: "e-1",
          },
        ]),
      ],
      edges: [startEdge("g-1"), { id: "e-1", from: { blockId: "b-id" }, to: { groupId: "g-1" } }],
      variables: [{ id: "v-id", name: "Id" }],
    });
    const response = await readResponse(
      await quickChat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(response.status).toBe(400);
    expect(response.body.issues[0]).toEqual({
      message: "The bot did not answer within 0 s; the reply was not recorded",
      code: "TURN_TIMEOUT",
    });
    expect(await prisma.chatSession.count({ where: { botId: bot.botId } })).toBe(0);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(0);
  });
});
