// Access to the result-webhook and data-retention endpoints (decisions.md, "Authentication and access"):
// another workspace's records through their own path are FORBIDDEN, through a bot of the caller's own they
// do not exist (NOT_FOUND, the answer of an unknown id); each role gets what docs/api.md gives it; nothing
// refused changes a row.
import { getPrisma } from "@parley/db";
import { createTestBot, createTestTeam, type TestTeam, teamRoles } from "@parley/platform/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../testing/fixtures";
import { sampleFlow } from "../testing/sampleFlow";

const prisma = getPrisma();
const forbidden = { status: 403, body: { code: "FORBIDDEN", message: "Insufficient access", issues: [] } };
const notFound = { status: 404, body: { code: "NOT_FOUND", message: "Not found", issues: [] } };

interface Side {
  team: TestTeam;
  botId: string;
  webhookId: string;
  deliveryId: string;
}

/** A workspace with a bot, a result webhook on it and one delivery (a test ping) of that webhook. */
async function createSide(): Promise<Side> {
  const team = await createTestTeam();
  const bot = await createTestBot(team.workspaceId, sampleFlow);
  const created = await callApi("POST", `/bots/${bot.id}/webhooks`, {
    token: team.member.token,
    body: { webhook: { url: "https://hooks.example.com/parley", events: ["result.created"] } },
  });
  expect(created.status).toBe(200);
  const webhookId = created.body.webhook.id as string;
  const ping = await callApi("POST", `/bots/${bot.id}/webhooks/${webhookId}/ping`, {
    token: team.member.token,
  });
  expect(ping.status).toBe(200);
  return { team, botId: bot.id, webhookId, deliveryId: ping.body.delivery.id as string };
}

/** What a refused request must leave as it was: the side's webhook, its deliveries and retention settings. */
async function storedState({ team, botId, webhookId }: Side) {
  const [webhook, deliveries, bot, workspace] = await Promise.all([
    prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhookId } }),
    prisma.webhookDelivery.findMany({ where: { subscriptionId: webhookId }, orderBy: { id: "asc" } }),
    prisma.bot.findUniqueOrThrow({ where: { id: botId }, select: { retentionDays: true, name: true } }),
    prisma.workspace.findUniqueOrThrow({ where: { id: team.workspaceId }, select: { retentionDays: true } }),
  ]);
  return { webhook, deliveries, bot, workspace };
}

type Call = [method: string, path: string, body?: unknown];

/** Every write of the endpoints on one side's records, through that side's own paths. */
const writesOn = (side: Side): Call[] => {
  const base = `/bots/${side.botId}/webhooks/${side.webhookId}`;
  return [
    ["PATCH", base, { webhook: { url: "https://elsewhere.example.com/in", events: ["result.completed"] } }],
    ["POST", `${base}/rotateSecret`, { overlapHours: 0 }],
    ["POST", `${base}/ping`],
    ["POST", `${base}/deliveries/${side.deliveryId}/redeliver`],
    ["PATCH", `/bots/${side.botId}`, { bot: {}, retentionDays: 1 }],
    ["PATCH", `/workspaces/${side.team.workspaceId}`, { settings: { retentionDays: 1 } }],
  ];
};

let own: Side;
let other: Side;

beforeAll(async () => {
  [own, other] = await Promise.all([createSide(), createSide()]);
});

describe("another workspace's webhooks, deliveries and retention", () => {
  it("are FORBIDDEN through their own bot to every user of this workspace, its ADMIN included; nothing changes", async () => {
    const before = await storedState(other);
    const calls: Call[] = [...writesOn(other), ["GET", `/bots/${other.botId}/retention`]];
    for (const role of teamRoles) {
      for (const [method, path, body] of calls) {
        const answer = await callApi(method, path, { token: own.team[role].token, body });
        expect(answer, `${role} ${method} ${path}`).toEqual(forbidden);
      }
    }
    expect(await storedState(other)).toEqual(before);
  });

  it("do not exist under a bot or webhook of the caller's own: NOT_FOUND, as an unknown id, and nothing changes", async () => {
    const [ownBefore, otherBefore] = await Promise.all([storedState(own), storedState(other)]);
    const ownBase = `/bots/${own.botId}/webhooks/${own.webhookId}`;
    const foreignWebhook = `/bots/${own.botId}/webhooks/${other.webhookId}`;
    const calls: Call[] = [
      ["PATCH", foreignWebhook, { webhook: { enabled: false } }],
      ["POST", `${foreignWebhook}/rotateSecret`, {}],
      ["POST", `${foreignWebhook}/ping`],
      ["GET", `${foreignWebhook}/deliveries`],
      ["DELETE", foreignWebhook],
      // Another workspace's delivery id redelivered through a webhook of the caller's own.
      ["POST", `${ownBase}/deliveries/${other.deliveryId}/redeliver`],
      ["POST", `${foreignWebhook}/deliveries/${other.deliveryId}/redeliver`],
    ];
    for (const role of ["admin", "member"] as const) {
      for (const [method, path, body] of calls) {
        const answer = await callApi(method, path, { token: own.team[role].token, body });
        expect(answer, `${role} ${method} ${path}`).toEqual(notFound);
      }
    }
    expect(await storedState(own)).toEqual(ownBefore);
    expect(await storedState(other)).toEqual(otherBefore);
  });
});

describe("the roles of this workspace", () => {
  it("GUEST reads the retention and nothing else; MEMBER manages webhooks but not retention; ADMIN does all", async () => {
    const side = await createSide();
    const calls = writesOn(side);
    const before = await storedState(side);
    // The refused calls first (they must change nothing), then the allowed ones.
    for (const role of ["guest", "outsider"] as const) {
      for (const [method, path, body] of calls) {
        const answer = await callApi(method, path, { token: side.team[role].token, body });
        expect(answer.status, `${role} ${method} ${path}`).toBe(403);
        expect(answer.body.code).toBe("FORBIDDEN");
      }
    }
    const retention = (role: (typeof teamRoles)[number]) =>
      callApi("GET", `/bots/${side.botId}/retention`, { token: side.team[role].token });
    expect((await retention("guest")).status).toBe(200);
    expect(await retention("outsider")).toEqual(forbidden);
    for (const [method, path, body] of calls.slice(4)) {
      const answer = await callApi(method, path, { token: side.team.member.token, body });
      expect(answer.status, `member ${method} ${path}`).toBe(403);
      expect(answer.body.code).toBe("FORBIDDEN");
    }
    expect(await storedState(side)).toEqual(before);

    for (const [method, path, body] of calls.slice(0, 4)) {
      const answer = await callApi(method, path, { token: side.team.member.token, body });
      expect(answer.status, `member ${method} ${path}`).toBe(200);
    }
    for (const [method, path, body] of calls.slice(4)) {
      const answer = await callApi(method, path, { token: side.team.admin.token, body });
      expect(answer.status, `admin ${method} ${path}`).toBe(200);
    }
    expect((await retention("member")).body).toEqual({
      retentionDays: 1,
      workspaceRetentionDays: 1,
      effectiveRetentionDays: 1,
    });
  });
});
