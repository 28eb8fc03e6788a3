import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { takeHandoffFallbacks } from "@parley/chat/handoff/handoffTimeouts";
import { chatRequest, createTestChat, readResponse } from "@parley/chat/testing/chatFixtures";
import { createTestWebhook } from "@parley/chat/testing/createTestWebhook";
import { seedPublishedBot } from "@parley/chat/testing/seedPublishedBot";
import { group, startEdge, startEvent, text } from "@parley/chat/testing/testFlows";
import { createWebhookWorker } from "@parley/chat/webhooks/createWebhookWorker";
import { dbEnv, getPgPool, getPrisma } from "@parley/db";
import { JobQueue } from "@parley/db/queue";
import {
  type LocalServer,
  readRequestText,
  startLocalServer,
} from "@parley/integrations/testing/startLocalServer";
import { logger } from "@parley/platform/logger";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { conversationWebhookEvents } from "@parley/schemas/management/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";

// The inbox's result-webhook events, from the changes that make them (a turn, the REST operations, the pick-up
// timeout) through the outbox and the queue to a receiver on loopback: the bytes it gets and their signature.

const prisma = getPrisma();
const { chat, runtime } = createTestChat();
const queue = new JobQueue({ connectionString: dbEnv.DATABASE_URL ?? "", poolSize: 2 });
const worker = createWebhookWorker({
  getPool: getPgPool,
  flows: runtime.flows,
  allowList: ["127.0.0.1"],
  getQueue: () => queue,
});

const handoffFlow = (options: Record<string, unknown> = {}) => ({
  events: [startEvent],
  groups: [
    group("g-1", [
      text("b-hello", "Hello"),
      { id: "b-handoff", type: "Human handoff", items: [{ id: "i-fallback", path: "fallback" }], options },
      text("b-back", "Back with the bot"),
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [],
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let team: TestTeam;
let receiver: LocalServer;
const received: Received[] = [];

beforeAll(async () => {
  await queue.start();
  // Rows other files of this vitest worker left go out first: not to this receiver.
  await worker.runOnce();
  team = await createTestTeam();
  receiver = await startLocalServer((request, response) => {
    void readRequestText(request).then((body) => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
});
afterAll(async () => {
  await receiver.close();
  await queue.stop(1_000);
});

async function subscribedBot(options: Record<string, unknown> = {}) {
  const bot = await seedPublishedBot(prisma, team.workspaceId, handoffFlow(options));
  const webhook = await createTestWebhook(bot.botId, `${receiver.origin}/hooks`, conversationWebhookEvents);
  return { ...bot, webhook };
}

/** Delivers what is recorded now; answers the bodies this receiver got since the last call, parsed, with their raw bytes. */
async function deliver(secret: string) {
  const from = received.length;
  await worker.runOnce();
  return received.slice(from).map(({ headers, body }) => {
    const signature = String(headers["x-parley-signature"]);
    const parsed = JSON.parse(body) as Record<string, unknown> & { id: string; event: string };
    expect(isSignedWith(secret, body, signature)).toBe(true);
    expect(headers["x-parley-event"]).toBe(parsed.event);
    expect(headers["x-parley-delivery-id"]).toBe(parsed.id);
    expect(headers["content-type"]).toBe("application/json");
    return { raw: body, body: parsed };
  });
}

/** The receiver's check from docs/integrations.md, over the raw bytes. */
function isSignedWith(secret: string, rawBody: string, header: string) {
  const parts = header.split(",").map((part) => part.split("=", 2) as [string, string]);
  const t = parts.find(([key]) => key === "t")?.[1];
  if (!t || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest();
  return parts
    .filter(([key]) => key === "v1")
    .some(([, value]) => {
      const given = Buffer.from(value, "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const isoPattern = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe("conversation.* result webhooks", () => {
  it("delivers waiting, the visitor's and agent's messages, assigned, unassigned and closed, signed, as recorded", async () => {
    const bot = await subscribedBot();
    const start = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    const sessionId: string = start.body.sessionId;
    const conversation = await prisma.conversation.findFirstOrThrow({ where: { sessionId } });
    const botJson = { id: bot.botId, name: expect.any(String), publicId: bot.publicId };

    const [waiting, ...noMore] = await deliver(bot.webhook.secret);
    expect(noMore).toEqual([]);
    expect(waiting?.body).toEqual({
      id: waiting?.body.id,
      event: "conversation.waiting",
      createdAt: expect.stringMatching(isoPattern),
      bot: botJson,
      conversation: {
        id: conversation.id,
        workspaceId: team.workspaceId,
        botId: bot.botId,
        sessionId,
        resultId: start.body.resultId,
        channel: "web",
        status: "waiting",
        team: null,
        assigneeId: null,
        resolution: null,
        language: null,
        summary: null,
        createdAt: conversation.createdAt.toISOString(),
        updatedAt: conversation.updatedAt.toISOString(),
        assignedAt: null,
        closedAt: null,
      },
    });
    // Compact JSON, the delivery id first: the bytes a receiver signs over.
    expect(
      waiting?.raw.startsWith(`{"id":"${waiting?.body.id}","event":"conversation.waiting","createdAt":"`),
    ).toBe(true);

    await chat(
      chatRequest(`/sessions/${sessionId}/continueChat`, { token: bot.chatKey, body: { message: "Help!" } }),
    );
    const [visitor] = await deliver(bot.webhook.secret);
    expect(visitor?.body).toMatchObject({
      event: "conversation.message",
      conversation: { id: conversation.id, status: "waiting" },
      message: { author: "visitor", userId: null, text: "Help!", isInternal: false },
    });

    const take = await callApi("POST", `/conversations/${conversation.id}/assign`, {
      token: team.member.token,
      body: { userId: team.member.user.id },
    });
    expect(take.status).toBe(200);
    const [assigned] = await deliver(bot.webhook.secret);
    expect(assigned?.body).toMatchObject({
      event: "conversation.assigned",
      conversation: {
        status: "open",
        assigneeId: team.member.user.id,
        assignedAt: take.body.conversation.assignedAt,
      },
    });

    const reply = await callApi("POST", `/conversations/${conversation.id}/messages`, {
      token: team.member.token,
      body: { message: { text: "I'm on it" } },
    });
    expect(reply.status).toBe(200);
    // An internal note is not sent.
    await callApi("POST", `/conversations/${conversation.id}/messages`, {
      token: team.member.token,
      body: { message: { text: "VIP customer", internal: true } },
    });
    // A reply with a file: the event's message carries the attachment as the REST answer does.
    const upload = await callApi("POST", `/conversations/${conversation.id}/files?name=terms.txt`, {
      token: team.member.token,
      body: "Returns within 30 days.",
      headers: { "content-type": "text/plain" },
    });
    expect(upload.status).toBe(200);
    const withFile = await callApi("POST", `/conversations/${conversation.id}/messages`, {
      token: team.member.token,
      body: { message: { text: "Our terms", fileId: upload.body.file.id } },
    });
    expect(withFile.body.message.attachment).toEqual(upload.body.file);
    const agentMessages = await deliver(bot.webhook.secret);
    expect(
      agentMessages
        .map(({ body }) => body as unknown as { message: { text: string } })
        .sort((a, b) => a.message.text.localeCompare(b.message.text)),
    ).toEqual([
      expect.objectContaining({ event: "conversation.message", message: reply.body.message }),
      expect.objectContaining({ event: "conversation.message", message: withFile.body.message }),
    ]);

    const unassign = await callApi("POST", `/conversations/${conversation.id}/assign`, {
      token: team.member.token,
      body: { userId: null },
    });
    expect(unassign.status).toBe(200);
    const [backInQueue] = await deliver(bot.webhook.secret);
    expect(backInQueue?.body).toMatchObject({
      event: "conversation.waiting",
      conversation: { status: "waiting", assigneeId: null },
    });

    const close = await callApi("POST", `/conversations/${conversation.id}/close`, {
      token: team.member.token,
      body: { resolution: "answered", resume: true },
    });
    expect(close.status).toBe(200);
    const [closed] = await deliver(bot.webhook.secret);
    expect(closed?.body).toMatchObject({
      event: "conversation.closed",
      conversation: { status: "closed", resolution: "answered", closedAt: close.body.conversation.closedAt },
      close: { reason: "closed", resumed: true },
    });

    // The log lists them, delivered once each; a refused operation records nothing.
    const deliveries = await prisma.webhookDelivery.findMany({
      where: { subscriptionId: bot.webhook.id },
      orderBy: { createdAt: "asc" },
    });
    expect(deliveries.map((row) => [row.event, row.status, row.attempts])).toEqual([
      ["conversation.waiting", "DELIVERED", 1],
      ["conversation.message", "DELIVERED", 1],
      ["conversation.assigned", "DELIVERED", 1],
      ["conversation.message", "DELIVERED", 1],
      ["conversation.message", "DELIVERED", 1],
      ["conversation.waiting", "DELIVERED", 1],
      ["conversation.closed", "DELIVERED", 1],
    ]);
    expect(
      (
        await callApi("POST", `/conversations/${conversation.id}/messages`, {
          token: team.member.token,
          body: { message: { text: "too late" } },
        })
      ).status,
    ).toBe(400);
    expect(await deliver(bot.webhook.secret)).toEqual([]);
  });

  it("a pick-up timeout is conversation.closed with reason timedOut; a retry sends the same bytes", async () => {
    const bot = await subscribedBot({ pickUpTimeoutMinutes: 1 });
    const start = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    const conversation = await prisma.conversation.findFirstOrThrow({
      where: { sessionId: start.body.sessionId },
    });
    await deliver(bot.webhook.secret);
    await prisma.conversation.update({
      where: { id: conversation.id },
      data: { pickUpTimeoutAt: new Date(Date.now() - 1_000) },
    });
    await takeHandoffFallbacks(runtime, logger);
    const [closed] = await deliver(bot.webhook.secret);
    expect(closed?.body).toMatchObject({
      event: "conversation.closed",
      conversation: { id: conversation.id, status: "closed", assigneeId: null },
      close: { reason: "timedOut", resumed: false },
    });
    // Stored as sent: every retry sends these bytes.
    const stored = await prisma.webhookDelivery.findFirstOrThrow({
      where: { subscriptionId: bot.webhook.id, event: "conversation.closed" },
    });
    expect(stored.payload).toBe(closed?.raw);
  });

  it("records no conversation event for a bot subscribed to other events only", async () => {
    const bot = await seedPublishedBot(prisma, team.workspaceId, handoffFlow());
    const webhook = await createTestWebhook(bot.botId, `${receiver.origin}/hooks`, ["result.created"]);
    const start = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(start.status).toBe(200);
    expect(
      await prisma.webhookEvent.count({
        where: { botId: bot.botId, event: { startsWith: "conversation." } },
      }),
    ).toBe(0);
    const delivered = await deliver(webhook.secret);
    expect(delivered.map(({ body }) => body.event)).toEqual(["result.created"]);
  });
});
