import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { createFlowStore } from "@parley/chat/core/flows/createFlowStore";
import { createWebhookWorker } from "@parley/chat/webhooks/createWebhookWorker";
import { getPgPool, getPrisma } from "@parley/db";
import {
  type LocalServer,
  readRequestText,
  startLocalServer,
} from "@parley/integrations/testing/startLocalServer";
import { decryptWebhookSecret } from "@parley/integrations/webhooks/webhookSecret";
import { createTestBot, createTestResult, createTestTeam } from "@parley/platform/testing/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";

const forbiddenBody = { code: "FORBIDDEN", message: "Insufficient access", issues: [] };
const notFoundBody = { code: "NOT_FOUND", message: "Not found", issues: [] };
const prisma = getPrisma();
const servers: LocalServer[] = [];
const flows = createFlowStore(getPgPool, { maxEntries: 10, maxBytes: 1024 * 1024 });

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = await startLocalServer((request, response) => {
    void readRequestText(request).then((body) => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  servers.push(server);
  return { received, url: `${server.origin}/hooks/parley` };
}

/** A worker whose clock runs `offsetMs` ahead of real time. */
const workerAt = (offsetMs: number) =>
  createWebhookWorker({
    getPool: getPgPool,
    flows,
    allowList: ["127.0.0.1"],
    timeoutMs: 2_000,
    now: () => new Date(Date.now() + offsetMs),
  });

/** What a receiver does (docs/integrations.md): accept when any v1 of the header matches its secret. */
function verifiesWith(secret: string, body: string, header: string) {
  const parts = header.split(",").map((part) => part.split("=", 2) as [string, string]);
  const timestamp = parts.find(([key]) => key === "t")?.[1];
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  return parts
    .filter(([key]) => key === "v1")
    .some(([, value]) => {
      const given = Buffer.from(value, "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

async function setUp(url = "https://hooks.example.com/parley") {
  const team = await createTestTeam();
  const bot = await createTestBot(team.workspaceId);
  const created = await callApi("POST", `/bots/${bot.id}/webhooks`, {
    token: team.member.token,
    body: { webhook: { url, events: ["result.created"] } },
  });
  expect(created.status).toBe(200);
  return {
    team,
    bot,
    webhookId: created.body.webhook.id as string,
    secret: created.body.secret as string,
    base: `/bots/${bot.id}/webhooks/${created.body.webhook.id}`,
  };
}

describe("PATCH /bots/{botId}/webhooks/{webhookId}", () => {
  it("changes the fields given and keeps the others; turning it off fails its pending deliveries", async () => {
    const { team, bot, webhookId, base } = await setUp();
    const result = await createTestResult(bot);
    await prisma.webhookDelivery.create({
      data: { id: "d-pending-1", subscriptionId: webhookId, event: "result.created", resultId: result.id },
    });
    const edited = await callApi("PATCH", base, {
      token: team.member.token,
      body: {
        webhook: { url: "https://other.example.com/in", events: ["result.completed", "answer.created"] },
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.webhook).toMatchObject({
      id: webhookId,
      botId: bot.id,
      url: "https://other.example.com/in",
      events: ["result.completed", "answer.created"],
      enabled: true,
      previousSecretExpiresAt: null,
    });
    expect(await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: "d-pending-1" } })).toMatchObject({
      status: "PENDING",
    });

    const off = await callApi("PATCH", base, {
      token: team.admin.token,
      body: { webhook: { enabled: false } },
    });
    expect(off.status).toBe(200);
    expect(off.body.webhook).toMatchObject({ url: "https://other.example.com/in", enabled: false });
    expect(await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: "d-pending-1" } })).toMatchObject({
      status: "FAILED",
      error: "The webhook was turned off before this delivery succeeded",
    });
    const listed = await callApi("GET", `/bots/${bot.id}/webhooks`, { token: team.member.token });
    expect(listed.body.webhooks).toEqual([off.body.webhook]);

    // Off: no test pings nor redeliveries.
    const ping = await callApi("POST", `${base}/ping`, { token: team.member.token });
    expect(ping.status).toBe(400);
    expect(ping.body).toMatchObject({ code: "BAD_REQUEST", issues: [{ code: "WEBHOOK_DISABLED" }] });
    const redeliver = await callApi("POST", `${base}/deliveries/d-pending-1/redeliver`, {
      token: team.member.token,
    });
    expect(redeliver.status).toBe(400);
    expect(redeliver.body.issues[0]).toMatchObject({ code: "WEBHOOK_DISABLED" });
    expect(await prisma.webhookDelivery.count({ where: { subscriptionId: webhookId } })).toBe(1);

    const on = await callApi("PATCH", base, {
      token: team.member.token,
      body: { webhook: { enabled: true } },
    });
    expect(on.body.webhook.enabled).toBe(true);
  });

  it("answers bad input with the field's issue and changes nothing", async () => {
    const { team, webhookId, base } = await setUp();
    const cases: [unknown, (string | number)[]][] = [
      [{ webhook: { url: "ftp://example.com/x" } }, ["webhook", "url"]],
      [{ webhook: { events: [] } }, ["webhook", "events"]],
      [{ webhook: { events: ["result.deleted"] } }, ["webhook", "events", 0]],
      [{ webhook: { enabled: "no" } }, ["webhook", "enabled"]],
      [{ webhook: { secret: "whsec_mine" } }, ["webhook", "secret"]],
      [{}, ["webhook"]],
    ];
    for (const [body, path] of cases) {
      const response = await callApi("PATCH", base, { token: team.member.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ code: "BAD_REQUEST", message: "Invalid input data" });
      expect(response.body.issues).toContainEqual(expect.objectContaining({ path }));
    }
    expect(await prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhookId } })).toMatchObject({
      url: "https://hooks.example.com/parley",
      events: ["result.created"],
      enabled: true,
    });
  });
});

describe("POST /bots/{botId}/webhooks/{webhookId}/rotateSecret", () => {
  it("answers a new secret once, stores it encrypted and keeps the old one for the overlap", async () => {
    const { team, webhookId, secret, base } = await setUp();
    const before = Date.now();
    const rotated = await callApi("POST", `${base}/rotateSecret`, { token: team.member.token, body: {} });
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newSecret).not.toBe(secret);
    const expiresAt = Date.parse(rotated.body.webhook.previousSecretExpiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    const row = await prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhookId } });
    expect(decryptWebhookSecret(row)).toBe(newSecret);
    expect(
      decryptWebhookSecret({
        ...row,
        secretData: row.previousSecretData ?? "",
        secretIv: row.previousSecretIv ?? "",
      }),
    ).toBe(secret);
    expect(JSON.stringify(row)).not.toContain(newSecret.slice(6));
    const listed = await callApi("GET", `/bots/${row.botId}/webhooks`, { token: team.member.token });
    expect(JSON.stringify(listed.body)).not.toContain(newSecret);
    expect(listed.body.webhooks[0].previousSecretExpiresAt).toBe(
      rotated.body.webhook.previousSecretExpiresAt,
    );

    // No overlap: the old secret is dropped at once.
    const now = await callApi("POST", `${base}/rotateSecret`, {
      token: team.member.token,
      body: { overlapHours: 0 },
    });
    expect(now.status).toBe(200);
    expect(now.body.webhook.previousSecretExpiresAt).toBeNull();
    expect(await prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhookId } })).toMatchObject({
      previousSecretData: null,
      previousSecretIv: null,
    });

    for (const overlapHours of [169, -1, 1.5, "24"]) {
      const response = await callApi("POST", `${base}/rotateSecret`, {
        token: team.member.token,
        body: { overlapHours },
      });
      expect(response.status, String(overlapHours)).toBe(400);
      expect(response.body.issues).toContainEqual(expect.objectContaining({ path: ["overlapHours"] }));
    }
  });
});

describe("test pings, redeliveries and signatures across a rotation", () => {
  it("signs with the new and the old secret during the overlap, with the new one only after it", async () => {
    const receiver = await startReceiver();
    const { team, bot, webhookId, secret: oldSecret, base } = await setUp(receiver.url);
    const rotated = await callApi("POST", `${base}/rotateSecret`, {
      token: team.member.token,
      body: { overlapHours: 24 },
    });
    const newSecret = rotated.body.secret as string;

    const ping = await callApi("POST", `${base}/ping`, { token: team.member.token });
    expect(ping.status).toBe(200);
    expect(ping.body.delivery).toMatchObject({
      event: "ping",
      resultId: null,
      redeliveryOf: null,
      status: "PENDING",
      attempts: 0,
    });
    await workerAt(1_000).runOnce();
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    const signature = String(first?.headers["x-parley-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifiesWith(newSecret, first?.body ?? "", signature)).toBe(true);
    expect(verifiesWith(oldSecret, first?.body ?? "", signature)).toBe(true);
    expect(first?.headers["x-parley-event"]).toBe("ping");
    expect(first?.headers["x-parley-delivery-id"]).toBe(ping.body.delivery.id);
    expect(JSON.parse(first?.body ?? "")).toEqual({
      id: ping.body.delivery.id,
      event: "ping",
      createdAt: ping.body.delivery.createdAt,
      bot: { id: bot.id, name: bot.name, publicId: bot.publicId },
      webhook: { id: webhookId, url: receiver.url, events: ["result.created"] },
    });

    const again = await callApi("POST", `${base}/deliveries/${ping.body.delivery.id}/redeliver`, {
      token: team.member.token,
    });
    expect(again.status).toBe(200);
    expect(again.body.delivery).toMatchObject({
      event: "ping",
      redeliveryOf: ping.body.delivery.id,
      status: "PENDING",
    });
    expect(again.body.delivery.id).not.toBe(ping.body.delivery.id);

    // A day later the overlap is over: only the new secret signs, and the old one is erased.
    await workerAt(25 * 3_600_000).runOnce();
    expect(receiver.received).toHaveLength(2);
    const second = receiver.received[1];
    const after = String(second?.headers["x-parley-signature"]);
    expect(after).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifiesWith(newSecret, second?.body ?? "", after)).toBe(true);
    expect(verifiesWith(oldSecret, second?.body ?? "", after)).toBe(false);
    expect(second?.headers["x-parley-delivery-id"]).toBe(again.body.delivery.id);
    expect(JSON.parse(second?.body ?? "")).toEqual({
      ...JSON.parse(first?.body ?? ""),
      id: again.body.delivery.id,
    });
    expect(await prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhookId } })).toMatchObject({
      previousSecretData: null,
      previousSecretIv: null,
      previousSecretExpiresAt: null,
    });

    const log = await callApi("GET", `${base}/deliveries`, { token: team.member.token });
    expect(log.status).toBe(200);
    expect(
      log.body.deliveries.map((delivery: Record<string, unknown>) => [
        delivery.id,
        delivery.redeliveryOf,
        delivery.status,
      ]),
    ).toEqual([
      [again.body.delivery.id, ping.body.delivery.id, "DELIVERED"],
      [ping.body.delivery.id, null, "DELIVERED"],
    ]);
  });

  it("redelivers a result event's delivery with the same body, under a new id", async () => {
    const receiver = await startReceiver();
    const { team, bot, webhookId, base } = await setUp(receiver.url);
    const result = await createTestResult(bot);
    const body = JSON.stringify({ id: "d-original", event: "result.created", result: { id: result.id } });
    await prisma.webhookDelivery.create({
      data: {
        id: "d-original",
        subscriptionId: webhookId,
        event: "result.created",
        resultId: result.id,
        status: "FAILED",
        attempts: 3,
        payload: body,
        error: "The receiver answered 500 (gave up after 3 attempts)",
      },
    });
    const again = await callApi("POST", `${base}/deliveries/d-original/redeliver`, {
      token: team.member.token,
    });
    expect(again.status).toBe(200);
    expect(again.body.delivery).toMatchObject({
      event: "result.created",
      resultId: result.id,
      redeliveryOf: "d-original",
      status: "PENDING",
    });
    await workerAt(1_000).runOnce();
    expect(receiver.received.map((request) => request.body)).toEqual([
      JSON.stringify({ id: again.body.delivery.id, event: "result.created", result: { id: result.id } }),
    ]);
  });

  it("finds deliveries only under their own webhook; guests and outsiders are refused", async () => {
    const { team, bot, webhookId, base } = await setUp();
    const second = await callApi("POST", `/bots/${bot.id}/webhooks`, {
      token: team.member.token,
      body: { webhook: { url: "https://two.example.com/in", events: ["result.created"] } },
    });
    const ping = await callApi("POST", `${base}/ping`, { token: team.member.token });
    const deliveryId = ping.body.delivery.id as string;
    const secondBase = `/bots/${bot.id}/webhooks/${second.body.webhook.id}`;
    expect(
      await callApi("POST", `${secondBase}/deliveries/${deliveryId}/redeliver`, { token: team.member.token }),
    ).toEqual({ status: 404, body: notFoundBody });
    expect(
      await callApi("POST", `${base}/deliveries/unknown-delivery/redeliver`, { token: team.member.token }),
    ).toEqual({ status: 404, body: notFoundBody });

    for (const role of ["guest", "outsider"] as const) {
      const token = team[role].token;
      for (const [method, path, body] of [
        ["PATCH", base, { webhook: { enabled: false } }],
        ["POST", `${base}/rotateSecret`, {}],
        ["POST", `${base}/ping`, undefined],
        ["POST", `${base}/deliveries/${deliveryId}/redeliver`, undefined],
      ] as const) {
        expect(await callApi(method, path, { token, body }), `${role} ${method} ${path}`).toEqual({
          status: 403,
          body: forbiddenBody,
        });
      }
    }
    expect(await callApi("POST", `${base}/ping`)).toMatchObject({ status: 401 });

    // Another workspace's admin addressing this webhook or delivery through a bot of their own: not found.
    const other = await createTestTeam();
    const ownBot = await createTestBot(other.workspaceId);
    const foreign = `/bots/${ownBot.id}/webhooks/${webhookId}`;
    for (const [method, path, body] of [
      ["PATCH", foreign, { webhook: { url: "https://evil.example.com" } }],
      ["POST", `${foreign}/rotateSecret`, {}],
      ["POST", `${foreign}/ping`, undefined],
      ["POST", `${foreign}/deliveries/${deliveryId}/redeliver`, undefined],
    ] as const) {
      expect(await callApi(method, path, { token: other.admin.token, body }), `${method} ${path}`).toEqual({
        status: 404,
        body: notFoundBody,
      });
    }
    expect(await prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhookId } })).toMatchObject({
      url: "https://hooks.example.com/parley",
      enabled: true,
      previousSecretData: null,
    });
    expect(await prisma.webhookDelivery.count({ where: { subscriptionId: webhookId } })).toBe(1);
  });
});
