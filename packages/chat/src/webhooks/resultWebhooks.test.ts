import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { createPgPool, createPrismaClient, dbEnv, getPgPool, getPrisma } from "@parley/db";
import { fanOutWebhookEvents } from "@parley/db/queries/fanOutWebhookEvents";
import { pruneWebhookDeliveries } from "@parley/db/queries/finishWebhookDelivery";
import { JobQueue } from "@parley/db/queue";
import {
  type LocalServer,
  readRequestText,
  startLocalServer,
} from "@parley/integrations/testing/startLocalServer";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { chatRequest, createPublishedTestBot, createTestChat, readResponse } from "../testing/chatFixtures";
import { createTestWebhook } from "../testing/createTestWebhook";
import { createGreetingFlow, createInputFirstFlow, createNoInputFlow } from "../testing/testFlows";
import {
  createWebhookWorker,
  ORPHANED_AFTER_WINDOW_MS,
  ORPHANED_DELIVERY_ERROR,
  type WebhookWorkerOptions,
} from "./createWebhookWorker";
import { queueJobsOn, webhookDeliveryJob } from "./webhookDeliveryJob";

// A local receiver speaking plain HTTP; each request takes the next scripted answer ("ok" when
// none is left): a status, or "hold" (never answers, so the attempt times out).
type Answer = number | "hold";
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const prisma = getPrisma();
const { chat, runtime } = createTestChat();
const servers: LocalServer[] = [];
const held: ServerResponse[] = [];
const botIds: string[] = [];
const queues: JobQueue[] = [];

/** Another process's queue: its own pool on the same database. */
function openQueue() {
  const queue = new JobQueue({ connectionString: dbEnv.DATABASE_URL ?? "", poolSize: 2 });
  queues.push(queue);
  return queue;
}

/** The jobs of a subscription's deliveries, oldest first: their state and when they run next. */
async function readJobs(subscriptionId: string) {
  const { rows } = await getPgPool().query<{ state: string; startAfter: Date; retryCount: number }>(
    `SELECT state, start_after AS "startAfter", retry_count AS "retryCount" FROM pgboss.job
     WHERE name = $1 AND data->>'deliveryId' IN (SELECT id FROM "WebhookDelivery" WHERE "subscriptionId" = $2)
     ORDER BY created_on, id`,
    [webhookDeliveryJob.name, subscriptionId],
  );
  return rows;
}

/** Time passes for the queue: the delivery jobs waiting for their retry's backoff are due now. */
async function makeRetriesDue() {
  await getPgPool().query(
    `UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND state = 'retry'`,
    [webhookDeliveryJob.name],
  );
}

// Each test's worker claims whatever is due in the database: rows other test files of this vitest worker left
// (their webhooks' pending deliveries and events) go first, and the previous tests' rows after each test.
beforeAll(async () => {
  await prisma.webhookEvent.deleteMany({});
  await prisma.webhookDelivery.deleteMany({});
  await openQueue().start();
  await getPgPool().query("DELETE FROM pgboss.job WHERE name = $1", [webhookDeliveryJob.name]);
});
afterAll(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop(1_000)));
});
afterEach(async () => {
  for (const response of held.splice(0)) response.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await prisma.webhookSubscription.deleteMany({ where: { botId: { in: botIds.splice(0) } } });
});

async function createBot(flow: Parameters<typeof createPublishedTestBot>[0]) {
  const bot = await createPublishedTestBot(flow);
  botIds.push(bot.botId);
  return bot;
}

async function startReceiver(script: Answer[] = [], port?: number) {
  const received: Received[] = [];
  const server = await startLocalServer(
    (request, response) => {
      void readRequestText(request).then((body) => {
        received.push({ headers: request.headers, body });
        const answer = script.shift() ?? 200;
        if (answer === "hold") held.push(response);
        else response.writeHead(answer, { "content-type": "text/plain" }).end("thanks");
      });
    },
    { port },
  );
  servers.push(server);
  return { server, received, url: `${server.origin}/hooks/parley` };
}

/** The worker's clock: real time plus what the test has skipped ahead; the queue's retries are due at once then. */
function createClock() {
  let offsetMs = 1_000;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: async (ms: number) => {
      offsetMs += ms;
      await makeRetriesDue();
    },
  };
}

/**
 * A webhook whose receiver answers 500 once, then 200; a chat's result delivered once by a worker whose retry
 * window is a minute: its delivery is PENDING with a retry queued.
 */
async function deliverOnceAndFail() {
  const receiver = await startReceiver([500]);
  const bot = await createBot(createNoInputFlow());
  const webhook = await createTestWebhook(bot.botId, receiver.url, ["result.created"]);
  const clock = createClock();
  const worker = createWorker(clock, { retryWindowMs: 60_000 });
  await startChat(bot);
  expect(await worker.runOnce()).toBe(1);
  return { receiver, webhook, clock, worker };
}

function createWorker(clock: ReturnType<typeof createClock>, options: Partial<WebhookWorkerOptions> = {}) {
  return createWebhookWorker({
    getPool: getPgPool,
    flows: runtime.flows,
    allowList: ["127.0.0.1"],
    timeoutMs: 300,
    now: clock.now,
    ...options,
  });
}

async function startChat(bot: { publicId: string; chatKey: string }) {
  const started = await readResponse(
    await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
  );
  expect(started.status).toBe(200);
  return started.body as { sessionId: string; resultId: string };
}

async function reply(bot: { chatKey: string }, sessionId: string, message: string) {
  const response = await chat(
    chatRequest(`/sessions/${sessionId}/continueChat`, { token: bot.chatKey, body: { message } }),
  );
  expect(response.status).toBe(200);
}

/** A chat of createInputFirstFlow to its end: result.created, answer.created, result.completed. */
async function chatToTheEnd(bot: { publicId: string; chatKey: string }) {
  const { sessionId } = await startChat(bot);
  await reply(bot, sessionId, "yes");
}

/** Verification as docs/integrations.md shows it to receivers. */
function verifySignature(secret: string, body: string, header: string, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!parts.v1 || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const deliveriesOf = (subscriptionId: string) =>
  prisma.webhookDelivery.findMany({ where: { subscriptionId }, orderBy: { createdAt: "asc" } });

describe("result webhooks", () => {
  it("queues result.created at startChat, answer.created per answer and result.completed at the end, signed", async () => {
    const receiver = await startReceiver();
    const bot = await createBot(createGreetingFlow());
    const quiet = await createBot(createGreetingFlow());
    const webhook = await createTestWebhook(bot.botId, receiver.url);
    const worker = createWorker(createClock());

    const { sessionId, resultId } = await startChat(bot);
    expect(await worker.runOnce()).toBe(1);
    await reply(bot, sessionId, "Ada");
    expect(await worker.runOnce()).toBe(1);
    await reply(bot, sessionId, "ada@example.com");
    expect(await worker.runOnce()).toBe(2);
    await startChat(quiet);

    const bodies = receiver.received.map((request) => JSON.parse(request.body));
    expect(bodies.map((body) => body.event)).toEqual([
      "result.created",
      "answer.created",
      "answer.created",
      "result.completed",
    ]);
    for (const [index, request] of receiver.received.entries()) {
      expect(
        verifySignature(webhook.secret, request.body, String(request.headers["x-parley-signature"])),
      ).toBe(true);
      expect(
        verifySignature("whsec_another", request.body, String(request.headers["x-parley-signature"])),
      ).toBe(false);
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["x-parley-event"]).toBe(bodies[index].event);
      expect(request.headers["x-parley-delivery-id"]).toBe(bodies[index].id);
    }
    expect(bodies[0]).toMatchObject({
      bot: { id: bot.botId, publicId: bot.publicId },
      result: { id: resultId, isCompleted: false, answers: [] },
      values: { Name: "", Email: "" },
    });
    expect(bodies[1].answer).toMatchObject({ blockId: "b-name", content: "Ada" });
    expect(bodies[1].values).toMatchObject({ Name: "Ada", Email: "" });
    expect(bodies[2].answer).toMatchObject({ blockId: "b-email", content: "ada@example.com" });
    expect(bodies[3]).toMatchObject({
      result: { id: resultId, isCompleted: true },
      values: { Name: "Ada", Email: "ada@example.com" },
    });
    expect(Object.keys(bodies[3].values)).toEqual(["Submitted at", "Name", "Email"]);
    expect(bodies[3].result.answers.map((answer: { content: string }) => answer.content)).toEqual([
      "Ada",
      "ada@example.com",
    ]);
    expect(new Set(bodies.map((body) => body.id)).size).toBe(4);

    const log = await deliveriesOf(webhook.id);
    expect(log.map((row) => [row.status, row.responseCode, row.attempts])).toEqual(
      Array(4).fill(["DELIVERED", 200, 1]),
    );
    expect(await prisma.webhookDelivery.count({ where: { result: { botId: quiet.botId } } })).toBe(0);
  });

  it("retries after a 500 and after a time-out with the same id and bytes, then records the delivery", async () => {
    const receiver = await startReceiver([500, "hold", 204]);
    const bot = await createBot(createInputFirstFlow());
    const webhook = await createTestWebhook(bot.botId, receiver.url, ["result.completed"]);
    const clock = createClock();
    const worker = createWorker(clock);
    await chatToTheEnd(bot);

    expect(await worker.runOnce()).toBe(1);
    let [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "PENDING", attempts: 1, responseCode: 500 });
    expect(row?.error).toBe("The receiver answered 500");
    // The log shows the earliest retry (30 s after the attempt's end); the queue's job waits 30 to 60 s (equal jitter).
    const pauseMs = (row?.nextAttemptAt.getTime() ?? 0) - (row?.lastAttemptAt?.getTime() ?? 0);
    expect(pauseMs).toBeGreaterThanOrEqual(30_000);
    expect(pauseMs).toBeLessThan(31_000);
    const [job] = await readJobs(webhook.id);
    expect(job?.state).toBe("retry");
    expect((job?.startAfter.getTime() ?? 0) - Date.now()).toBeGreaterThan(25_000);
    expect((job?.startAfter.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(await worker.runOnce()).toBe(0);

    await clock.advance(1_000);
    expect(await worker.runOnce()).toBe(1);
    [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "PENDING", attempts: 2, responseCode: null });
    expect(row?.error).toMatch(/^TIMEOUT/);

    await clock.advance(2_000);
    expect(await worker.runOnce()).toBe(1);
    [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "DELIVERED", attempts: 3, responseCode: 204, error: null });
    expect((await readJobs(webhook.id)).map((job) => job.state)).toEqual(["completed"]);

    expect(receiver.received).toHaveLength(3);
    const [first, ...retries] = receiver.received;
    for (const retry of retries) {
      expect(retry.body).toBe(first?.body);
      expect(retry.headers["x-parley-delivery-id"]).toBe(first?.headers["x-parley-delivery-id"]);
    }
  });

  it("gives up once the retry window has passed", async () => {
    const receiver = await startReceiver([500, 500, 500, 500]);
    const bot = await createBot(createNoInputFlow());
    const webhook = await createTestWebhook(bot.botId, receiver.url, ["result.created"]);
    const clock = createClock();
    const worker = createWorker(clock, { retryWindowMs: 5_000 });
    await startChat(bot);
    for (let attempt = 0; attempt < 4; attempt++) {
      await worker.runOnce();
      await clock.advance(4_000);
    }
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "FAILED", responseCode: 500 });
    expect(row?.error).toMatch(/^The receiver answered 500 \(gave up after \d attempts\)$/);
    const attempts = receiver.received.length;
    await clock.advance(3_600_000);
    expect(await worker.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(attempts);
  });

  it("fails a delivery whose job's last try ended in an error of its own", async () => {
    const receiver = await startReceiver();
    const bot = await createBot(createNoInputFlow());
    const webhook = await createTestWebhook(bot.botId, receiver.url, ["result.created"]);
    // The results cannot be read: the database connection the worker's client uses is closed.
    const closedPool = createPgPool(dbEnv.DATABASE_URL ?? "", 1);
    await closedPool.end();
    const clock = createClock();
    const worker = createWorker(clock, {
      prisma: createPrismaClient({ connectionString: dbEnv.DATABASE_URL ?? "", pool: closedPool }),
    });
    await startChat(bot);
    expect(await worker.runOnce()).toBe(0);
    // A try before the last: still pending, the queue retries it.
    expect((await deliveriesOf(webhook.id))[0]?.status).toBe("PENDING");
    expect((await readJobs(webhook.id))[0]?.state).toBe("retry");
    // The job's last try (taking it counts it: retry_count becomes retryLimit) fails the same way.
    await getPgPool().query(
      `UPDATE pgboss.job SET retry_count = $2, start_after = now() - interval '1 second'
       WHERE name = $1 AND state = 'retry'`,
      [webhookDeliveryJob.name, webhookDeliveryJob.retryLimit - 1],
    );
    expect(await worker.runOnce()).toBe(0);
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "FAILED", payload: null });
    expect(row?.error).toMatch(
      new RegExp(
        `^The delivery could not be attempted: .+ \\(gave up after ${webhookDeliveryJob.retryLimit + 1} tries\\)$`,
      ),
    );
    expect((await readJobs(webhook.id))[0]?.state).toBe("failed");
    expect(receiver.received).toHaveLength(0);
  });

  it("fails a delivery whose job ended without a try that could record it (its last try's process died)", async () => {
    const { receiver, webhook, clock, worker } = await deliverOnceAndFail();
    expect((await deliveriesOf(webhook.id))[0]?.status).toBe("PENDING");
    // The queue gave up on the job: its last try expired in a process that died, so no handler recorded it.
    await getPgPool().query(
      `UPDATE pgboss.job SET state = 'failed' WHERE name = $1
       AND data->>'deliveryId' IN (SELECT id FROM "WebhookDelivery" WHERE "subscriptionId" = $2)`,
      [webhookDeliveryJob.name, webhook.id],
    );
    // Within the retry window and its grace it is still pending: a try may be late, not lost.
    await clock.advance(60_000 + 60_000);
    await worker.runOnce();
    expect((await deliveriesOf(webhook.id))[0]?.status).toBe("PENDING");
    await clock.advance(ORPHANED_AFTER_WINDOW_MS);
    await worker.runOnce();
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "FAILED", responseCode: 500, error: ORPHANED_DELIVERY_ERROR });
    expect(receiver.received).toHaveLength(1);
  });

  it("leaves a delivery to its job still queued when the workers were down for longer than the retry window", async () => {
    const { receiver, webhook, clock, worker } = await deliverOnceAndFail();
    expect((await readJobs(webhook.id))[0]?.state).toBe("retry");
    // No worker ran for the window and its grace; the queue still holds the delivery's retry, which the
    // housekeeping leaves to it: the next run delivers it late rather than never.
    await clock.advance(60_000 + ORPHANED_AFTER_WINDOW_MS + 60_000);
    await worker.runOnce();
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "DELIVERED", responseCode: 200 });
    expect(receiver.received).toHaveLength(2);
  });

  it("starts the worker again when its queue refuses the first start", async () => {
    const receiver = await startReceiver();
    const bot = await createBot(createNoInputFlow());
    await createTestWebhook(bot.botId, receiver.url, ["result.created"]);
    // A process's queue whose database cannot be reached when the worker first starts.
    class QueueDownAtStart extends JobQueue {
      refusedStarts = 0;
      override work: JobQueue["work"] = (...args) => {
        if (this.refusedStarts === 0) {
          this.refusedStarts += 1;
          return Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
        }
        return super.work(...args);
      };
    }
    const queue = new QueueDownAtStart({ connectionString: dbEnv.DATABASE_URL ?? "", poolSize: 2 });
    queues.push(queue);
    const stop = createWorker(createClock(), { getQueue: () => queue }).start(200);
    try {
      await startChat(bot);
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 30_000, interval: 100 });
      expect(queue.refusedStarts).toBe(1);
    } finally {
      stop();
    }
  });

  it("delivers everything, once each, to a receiver that was down for a while", async () => {
    const first = await startReceiver();
    const { port, url } = { port: first.server.port, url: first.url };
    await first.server.close();
    const bot = await createBot(createInputFirstFlow());
    const webhook = await createTestWebhook(bot.botId, url, ["result.created", "result.completed"]);
    const clock = createClock();
    const worker = createWorker(clock);
    for (let chatIndex = 0; chatIndex < 3; chatIndex++) await chatToTheEnd(bot);

    expect(await worker.runOnce()).toBe(6);
    await clock.advance(60_000);
    expect(await worker.runOnce()).toBe(6);
    const failing = await deliveriesOf(webhook.id);
    expect(failing.every((row) => row.status === "PENDING" && row.attempts === 2)).toBe(true);
    expect(failing[0]?.error).toMatch(/^NETWORK_ERROR/);

    const back = await startReceiver([], port);
    await clock.advance(3_600_000);
    expect(await worker.runOnce()).toBe(6);
    const ids = back.received.map((request) => request.headers["x-parley-delivery-id"]);
    expect(new Set(ids).size).toBe(6);
    expect([...ids].sort()).toEqual(failing.map((row) => row.id).sort());
    expect((await deliveriesOf(webhook.id)).every((row) => row.status === "DELIVERED")).toBe(true);
  });

  it("lets several processes deliver concurrently, each delivery once", async () => {
    const receiver = await startReceiver();
    const bot = await createBot(createInputFirstFlow());
    await createTestWebhook(bot.botId, receiver.url, ["result.created", "result.completed"]);
    for (let chatIndex = 0; chatIndex < 5; chatIndex++) await chatToTheEnd(bot);
    const clock = createClock();
    const workers = [openQueue(), openQueue()].map((queue) => createWorker(clock, { getQueue: () => queue }));
    const attempts = await Promise.all(workers.map((worker) => worker.runOnce()));
    expect(attempts[0]! + attempts[1]!).toBe(10);
    const ids = receiver.received.map((request) => request.headers["x-parley-delivery-id"]);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });

  it("delivers once what a process was sending when it died: the queue tries the job again after its timeout", async () => {
    const receiver = await startReceiver();
    const bot = await createBot(createNoInputFlow());
    const webhook = await createTestWebhook(bot.botId, receiver.url, ["result.created"]);
    await startChat(bot);
    const clock = createClock();
    // The fan-out queues the job; a process takes it and dies before sending (its try never ends).
    const dying = openQueue();
    await fanOutWebhookEvents(getPgPool(), 100, queueJobsOn(dying));
    void dying.runOne(webhookDeliveryJob, () => new Promise<void>(() => {}));
    await expect.poll(async () => (await readJobs(webhook.id)).map((job) => job.state)).toEqual(["active"]);
    expect(await createWorker(clock).runOnce()).toBe(0);
    // The try's timeout passes: the queue's maintenance (any process) fails it, and the job is retried.
    await getPgPool().query(
      "UPDATE pgboss.job SET started_on = now() - interval '1 hour' WHERE name = $1 AND state = 'active'",
      [webhookDeliveryJob.name],
    );
    await openQueue().expireTimedOut();
    await clock.advance(60_000);
    expect(await createWorker(clock, { getQueue: () => openQueue() }).runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "DELIVERED", attempts: 1, responseCode: 200 });
    expect((await readJobs(webhook.id)).map((job) => job.state)).toEqual(["completed"]);
  });

  it("refuses a private address unless the operator allows it", async () => {
    const receiver = await startReceiver();
    const bot = await createBot(createNoInputFlow());
    const webhook = await createTestWebhook(bot.botId, receiver.url, ["result.created"]);
    await startChat(bot);
    expect(await createWorker(createClock(), { allowList: [] }).runOnce()).toBe(1);
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "FAILED", attempts: 1, responseCode: null });
    expect(row?.error).toMatch(/^BLOCKED_ADDRESS/);
    expect(receiver.received).toHaveLength(0);
    expect(receiver.server.connections).toBe(0);
  });

  it("stops delivering when the subscription is deleted", async () => {
    const receiver = await startReceiver([500]);
    const bot = await createBot(createNoInputFlow());
    const webhook = await createTestWebhook(bot.botId, receiver.url, ["result.created"]);
    const clock = createClock();
    const worker = createWorker(clock);
    await startChat(bot);
    expect(await worker.runOnce()).toBe(1);
    await prisma.webhookSubscription.delete({ where: { id: webhook.id } });
    await startChat(bot);
    await clock.advance(3_600_000);
    expect(await worker.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    expect(await prisma.webhookDelivery.count({ where: { subscriptionId: webhook.id } })).toBe(0);
  });

  it("keeps a delivery failed when its webhook is turned off while an attempt is under way", async () => {
    const bot = await createBot(createNoInputFlow());
    let webhookId = "";
    const received: string[] = [];
    // The receiver is slow to answer: meanwhile the webhook is turned off (as updateWebhook does it),
    // then the attempt ends with a status worth a retry.
    const receiver = await startLocalServer((request, response) => {
      void readRequestText(request).then(async (body) => {
        received.push(body);
        await prisma.$transaction([
          prisma.webhookDelivery.updateMany({
            where: { subscriptionId: webhookId, status: "PENDING" },
            data: { status: "FAILED", error: "The webhook was turned off before this delivery succeeded" },
          }),
          prisma.webhookSubscription.update({ where: { id: webhookId }, data: { enabled: false } }),
        ]);
        response.writeHead(503).end();
      });
    });
    servers.push(receiver);
    const webhook = await createTestWebhook(bot.botId, `${receiver.origin}/hooks/parley`, ["result.created"]);
    webhookId = webhook.id;
    const clock = createClock();
    const worker = createWorker(clock);
    await startChat(bot);
    expect(await worker.runOnce()).toBe(1);
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({
      status: "FAILED",
      error: "The webhook was turned off before this delivery succeeded",
    });
    // The body is kept for a redelivery once the webhook is back on.
    expect(row?.payload).toBe(received[0]);
    await clock.advance(3_600_000);
    await worker.runOnce();
    expect(received).toHaveLength(1);
  });

  it("keeps the newest 100 finished deliveries of a subscription, and every pending one", async () => {
    const bot = await createBot(createInputFirstFlow());
    const webhook = await createTestWebhook(bot.botId, "https://hooks.example.com/x", ["result.created"]);
    const { resultId } = await startChat(bot);
    await prisma.webhookDelivery.deleteMany({ where: { subscriptionId: webhook.id } });
    const base = Date.now() - 1_000_000;
    await prisma.webhookDelivery.createMany({
      data: Array.from({ length: 105 }, (_, index) => ({
        id: `log-${String(index).padStart(3, "0")}`,
        subscriptionId: webhook.id,
        event: "result.created",
        resultId,
        status: index === 0 ? ("PENDING" as const) : ("DELIVERED" as const),
        createdAt: new Date(base + index * 1_000),
      })),
    });
    expect(await pruneWebhookDeliveries(getPgPool(), [webhook.id])).toBe(4);
    const kept = (await deliveriesOf(webhook.id)).map((row) => row.id);
    expect(kept).toHaveLength(101);
    expect(kept.slice(0, 2)).toEqual(["log-000", "log-005"]);
  });
});
