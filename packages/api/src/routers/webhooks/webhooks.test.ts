import { getPrisma } from "@parley/db";
import { decryptWebhookSecret } from "@parley/integrations/webhooks/webhookSecret";
import { createTestBot, createTestResult, createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";

const forbiddenBody = { code: "FORBIDDEN", message: "Insufficient access", issues: [] };
const notFoundBody = { code: "NOT_FOUND", message: "Not found", issues: [] };

const subscribe = (token: string, botId: string, webhook: unknown) =>
  callApi("POST", `/bots/${botId}/webhooks`, { token, body: { webhook } });

describe("result webhook endpoints", () => {
  it("create shows the secret once, list and delete never show it, deliveries are listed newest first", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId);
    const created = await subscribe(team.member.token, bot.id, {
      url: "https://hooks.example.com/parley",
      events: ["result.completed", "answer.created"],
    });
    expect(created.status).toBe(200);
    expect(Object.keys(created.body.webhook).sort()).toEqual([
      "botId",
      "createdAt",
      "enabled",
      "events",
      "id",
      "previousSecretExpiresAt",
      "url",
    ]);
    expect(created.body.webhook).toMatchObject({
      botId: bot.id,
      url: "https://hooks.example.com/parley",
      events: ["result.completed", "answer.created"],
      enabled: true,
      previousSecretExpiresAt: null,
    });
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const row = await getPrisma().webhookSubscription.findUniqueOrThrow({
      where: { id: created.body.webhook.id },
    });
    expect(row.secretData).not.toContain(secret.slice(6));
    expect(decryptWebhookSecret(row)).toBe(secret);

    const listed = await callApi("GET", `/bots/${bot.id}/webhooks`, { token: team.admin.token });
    expect(listed).toEqual({ status: 200, body: { webhooks: [created.body.webhook] } });
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const webhookId = created.body.webhook.id as string;
    const result = await createTestResult(bot);
    const prisma = getPrisma();
    await prisma.webhookDelivery.create({
      data: {
        id: "d-older",
        subscriptionId: webhookId,
        event: "answer.created",
        resultId: result.id,
        answerIndex: 0,
        status: "FAILED",
        attempts: 31,
        responseCode: 500,
        error: "The receiver answered 500 (gave up after 31 attempts)",
        createdAt: new Date("2026-11-20T10:00:00.000Z"),
        lastAttemptAt: new Date("2026-11-21T10:00:00.000Z"),
      },
    });
    await prisma.webhookDelivery.create({
      data: {
        id: "d-newer",
        subscriptionId: webhookId,
        event: "result.completed",
        resultId: result.id,
        status: "DELIVERED",
        attempts: 1,
        responseCode: 204,
        createdAt: new Date("2026-11-22T10:00:00.000Z"),
        lastAttemptAt: new Date("2026-11-22T10:00:01.000Z"),
        deliveredAt: new Date("2026-11-22T10:00:01.000Z"),
      },
    });
    const log = await callApi("GET", `/bots/${bot.id}/webhooks/${webhookId}/deliveries`, {
      token: team.member.token,
    });
    expect(log).toEqual({
      status: 200,
      body: {
        deliveries: [
          {
            id: "d-newer",
            event: "result.completed",
            resultId: result.id,
            redeliveryOf: null,
            status: "DELIVERED",
            attempts: 1,
            responseCode: 204,
            error: null,
            createdAt: "2026-11-22T10:00:00.000Z",
            lastAttemptAt: "2026-11-22T10:00:01.000Z",
            nextAttemptAt: null,
            deliveredAt: "2026-11-22T10:00:01.000Z",
          },
          {
            id: "d-older",
            event: "answer.created",
            resultId: result.id,
            redeliveryOf: null,
            status: "FAILED",
            attempts: 31,
            responseCode: 500,
            error: "The receiver answered 500 (gave up after 31 attempts)",
            createdAt: "2026-11-20T10:00:00.000Z",
            lastAttemptAt: "2026-11-21T10:00:00.000Z",
            nextAttemptAt: null,
            deliveredAt: null,
          },
        ],
      },
    });

    const deleted = await callApi("DELETE", `/bots/${bot.id}/webhooks/${webhookId}`, {
      token: team.member.token,
    });
    expect(deleted).toEqual({ status: 200, body: { message: "success" } });
    expect(await prisma.webhookDelivery.count({ where: { subscriptionId: webhookId } })).toBe(0);
    expect(
      await callApi("DELETE", `/bots/${bot.id}/webhooks/${webhookId}`, { token: team.member.token }),
    ).toEqual({ status: 404, body: notFoundBody });
    expect(
      await callApi("GET", `/bots/${bot.id}/webhooks/${webhookId}/deliveries`, { token: team.member.token }),
    ).toEqual({ status: 404, body: notFoundBody });
  });

  it("answers bad input with the field's issue and stores nothing", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId);
    const cases: [unknown, (string | number)[]][] = [
      [{ url: "ftp://example.com/x", events: ["result.created"] }, ["webhook", "url"]],
      [{ url: "not a url", events: ["result.created"] }, ["webhook", "url"]],
      [{ url: "https://example.com/x", events: [] }, ["webhook", "events"]],
      [{ url: "https://example.com/x", events: ["result.deleted"] }, ["webhook", "events", 0]],
      [{ url: "https://example.com/x", events: ["answer.created", "answer.created"] }, ["webhook", "events"]],
      [{ events: ["result.created"] }, ["webhook", "url"]],
    ];
    for (const [webhook, path] of cases) {
      const response = await subscribe(team.member.token, bot.id, webhook);
      expect(response.status, JSON.stringify(webhook)).toBe(400);
      expect(response.body).toMatchObject({ code: "BAD_REQUEST", message: "Invalid input data" });
      expect(response.body.issues).toContainEqual(expect.objectContaining({ path }));
    }
    expect(await getPrisma().webhookSubscription.count({ where: { botId: bot.id } })).toBe(0);

    for (let index = 0; index < 20; index++) {
      const ok = await subscribe(team.member.token, bot.id, {
        url: `https://example.com/${index}`,
        events: ["result.created"],
      });
      expect(ok.status).toBe(200);
    }
    const overLimit = await subscribe(team.member.token, bot.id, {
      url: "https://example.com/21",
      events: ["result.created"],
    });
    expect(overLimit.status).toBe(400);
    expect(overLimit.body.issues[0]).toMatchObject({ code: "WEBHOOK_LIMIT_REACHED" });
  });

  it("lets members and admins in; guests, outsiders and other workspaces' ids are refused", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId);
    const created = await subscribe(team.admin.token, bot.id, {
      url: "https://hooks.example.com/a",
      events: ["result.created"],
    });
    const webhookId = created.body.webhook.id as string;
    for (const role of ["guest", "outsider"] as const) {
      const token = team[role].token;
      expect(await callApi("GET", `/bots/${bot.id}/webhooks`, { token })).toEqual({
        status: 403,
        body: forbiddenBody,
      });
      expect(
        (await subscribe(token, bot.id, { url: "https://x.example.com", events: ["result.created"] })).status,
      ).toBe(403);
      expect((await callApi("DELETE", `/bots/${bot.id}/webhooks/${webhookId}`, { token })).status).toBe(403);
      expect(
        (await callApi("GET", `/bots/${bot.id}/webhooks/${webhookId}/deliveries`, { token })).status,
      ).toBe(403);
    }
    expect(await getPrisma().webhookSubscription.count({ where: { botId: bot.id } })).toBe(1);

    // Another workspace's webhook addressed through one's own bot is not found there.
    const other = await createTestTeam();
    const otherBot = await createTestBot(other.workspaceId);
    const ownBot = await createTestBot(other.workspaceId);
    expect(
      await callApi("DELETE", `/bots/${ownBot.id}/webhooks/${webhookId}`, { token: other.admin.token }),
    ).toEqual({ status: 404, body: notFoundBody });
    expect((await callApi("GET", `/bots/${otherBot.id}/webhooks`, { token: team.admin.token })).status).toBe(
      403,
    );
    expect(await getPrisma().webhookSubscription.count({ where: { id: webhookId } })).toBe(1);
    expect(
      await callApi("GET", "/bots/unknownbot00000000000000/webhooks", { token: team.admin.token }),
    ).toEqual({ status: 404, body: notFoundBody });
    expect(await callApi("GET", `/bots/${bot.id}/webhooks`)).toMatchObject({ status: 401 });
  });
});
