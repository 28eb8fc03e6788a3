import { rm } from "node:fs/promises";
import { getUploadSettings } from "@parley/chat/core/files/getUploadSettings";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  readResponse,
} from "@parley/chat/testing/chatFixtures";
import { createGreetingFlow } from "@parley/chat/testing/testFlows";
import { createId, getPgPool, getPrisma } from "@parley/db";
import { createS3Storage } from "@parley/integrations/files/createUploadStorage";
import { startLocalS3Server } from "@parley/integrations/testing/startLocalS3Server";
import { createRateLimitStore } from "@parley/platform/limits/rateLimits";
import { createTestTeam, createTestUser } from "@parley/platform/testing/fixtures";
import { afterAll, describe, expect, it, vi } from "vitest";
import { findRowsNaming } from "../../testing/findRowsNaming";
import { callApi } from "../../testing/fixtures";
import { deleteWorkspaceData } from "../../workspaces/deleteWorkspaceData";

// The API process's local upload storage (DATA_DIR/uploads) in a scratch directory of this file.
const dataDir = await vi.hoisted(async () => {
  const { mkdtemp } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  process.env.DATA_DIR = await mkdtemp(path.join(tmpdir(), "parley-delete-workspace-"));
  return process.env.DATA_DIR;
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const prisma = getPrisma();
const bytes = (text: string) => new TextEncoder().encode(text);

/**
 * A workspace holding one of everything: a published bot that was chatted with (session, result, answers,
 * logs, replayed turns, rate-limit counters), a folder, credentials with a messaging conversation and an
 * inbound message id, a result webhook with a pending event and a delivery, a webhook test call, an invoice.
 */
async function fillWorkspace(workspaceId: string) {
  const bot = await createPublishedTestBot(createGreetingFlow(), { workspaceId });
  const { chat } = createTestChat({
    rateLimitsPerMinute: { startPerIp: 600, startPerKey: 600, turnsPerSession: 600 },
  });
  const started = await readResponse(
    await chat(
      chatRequest(`/bots/${bot.publicId}/startChat`, {
        token: bot.chatKey,
        body: {},
        headers: { "x-parley-client-address": "198.51.100.7" },
      }),
    ),
  );
  expect(started.status).toBe(200);
  const { sessionId, resultId } = started.body as { sessionId: string; resultId: string };
  const turn = await chat(
    chatRequest(`/sessions/${sessionId}/continueChat`, {
      token: bot.chatKey,
      body: { message: { type: "text", text: "Ada" } },
      headers: { "idempotency-key": createId() },
    }),
  );
  expect(turn.status).toBe(200);

  const folder = await prisma.folder.create({ data: { id: createId(), name: "Leads", workspaceId } });
  const credentials = await prisma.credentials.create({
    data: { id: createId(), workspaceId, type: "whatsapp", name: "Number", data: "x", iv: "y" },
  });
  await prisma.messagingConversation.create({
    data: { credentialsId: credentials.id, sender: "15550001", sessionId },
  });
  await prisma.messagingInboundMessage.create({
    data: { credentialsId: credentials.id, messageId: "wamid.1" },
  });
  const subscription = await prisma.webhookSubscription.create({
    data: {
      id: createId(),
      botId: bot.botId,
      url: "https://example.test/hook",
      events: ["result.created"],
      secretData: "s",
      secretIv: "i",
    },
  });
  await prisma.webhookEvent.create({
    data: { id: `${bot.botId}:${resultId}`, botId: bot.botId, event: "result.created", resultId },
  });
  await prisma.webhookDelivery.create({
    data: { id: createId(), subscriptionId: subscription.id, event: "result.created", resultId },
  });
  await prisma.webhookTestCall.create({ data: { botId: bot.botId, blockId: "b-hook", body: {} } });
  await prisma.log.create({
    data: { id: createId(), botId: bot.botId, status: "info", description: "preview log without a result" },
  });
  await prisma.invoice.create({
    data: {
      id: createId(),
      workspaceId,
      number: `PAR-${createId()}`,
      periodStart: new Date("2026-01-01T00:00:00Z"),
      periodEnd: new Date("2026-02-01T00:00:00Z"),
      plan: "FREE",
      chatsUsed: 1,
      amount: 0,
      currency: "usd",
    },
  });
  const ids = [workspaceId, bot.botId, bot.publishedBotId, bot.chatKey, sessionId, resultId, folder.id];
  ids.push(credentials.id, subscription.id);
  const rateLimitKeys: [string, string][] = [
    ["chat.turns-per-session", sessionId],
    ["chat.start-per-key", bot.chatKey],
  ];
  return { bot, sessionId, resultId, ids, rateLimitKeys };
}

describe("DELETE /workspaces/{workspaceId}", () => {
  it("is for the workspace's ADMINs: members, guests and outsiders are FORBIDDEN, nothing is deleted", async () => {
    const team = await createTestTeam();
    for (const role of ["member", "guest", "outsider"] as const) {
      const refused = await callApi("DELETE", `/workspaces/${team.workspaceId}`, { token: team[role].token });
      expect(refused).toEqual({
        status: 403,
        body: { code: "FORBIDDEN", message: "Insufficient access", issues: [] },
      });
    }
    expect(await prisma.workspace.count({ where: { id: team.workspaceId } })).toBe(1);
    expect(await prisma.memberInWorkspace.count({ where: { workspaceId: team.workspaceId } })).toBe(3);
  });

  it("answers the contract's errors: no token, unknown token, missing workspace, malformed id", async () => {
    const user = await createTestUser();
    expect((await callApi("DELETE", `/workspaces/${user.workspaceId}`)).status).toBe(401);
    expect((await callApi("DELETE", `/workspaces/${user.workspaceId}`, { token: "bt_nope" })).status).toBe(
      403,
    );
    const missing = await callApi("DELETE", `/workspaces/${createId()}`, { token: user.token });
    expect(missing).toEqual({ status: 404, body: { code: "NOT_FOUND", message: "Not found", issues: [] } });
    const malformed = await callApi("DELETE", "/workspaces/not%20an%20id", { token: user.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues).toEqual([expect.objectContaining({ path: ["workspaceId"] })]);
  });

  it("deletes everything of the workspace and nothing else: no row names it, its files are gone", async () => {
    const team = await createTestTeam();
    const filled = await fillWorkspace(team.workspaceId);
    const other = await createTestUser();
    const otherBot = await createPublishedTestBot(createGreetingFlow(), { workspaceId: other.workspaceId });
    const { storage } = getUploadSettings();
    const ownKeys = [
      `public/${team.workspaceId}/${filled.bot.botId}/${filled.resultId}/f1/photo.png`,
      `private/${team.workspaceId}/${filled.bot.botId}/${filled.resultId}/f2/contract.pdf`,
    ];
    const otherKey = `public/${other.workspaceId}/${otherBot.botId}/r/f3/keep.txt`;
    for (const key of [...ownKeys, otherKey]) await storage.saveFile(key, bytes(key), "text/plain");
    expect(await findRowsNaming(prisma, filled.ids, filled.rateLimitKeys)).not.toEqual([]);

    const deleted = await callApi("DELETE", `/workspaces/${team.workspaceId}`, { token: team.admin.token });
    expect(deleted).toEqual({ status: 200, body: { message: "success" } });

    expect(await findRowsNaming(prisma, filled.ids, filled.rateLimitKeys)).toEqual([]);
    for (const key of ownKeys) expect(await storage.readFile(key)).toBeNull();
    expect(await storage.readFile(otherKey)).not.toBeNull();
    // The people stay, with their tokens, which no longer reach it.
    for (const role of ["admin", "member", "guest"] as const) {
      expect(await prisma.user.count({ where: { id: team[role].user.id } })).toBe(1);
      const read = await callApi("GET", `/workspaces/${team.workspaceId}`, { token: team[role].token });
      expect(read.status).toBe(404);
      const list = await callApi("GET", "/workspaces", { token: team[role].token });
      expect(list.body.workspaces).toEqual([]);
    }
    // Its published bot no longer chats; another workspace's still does.
    const { chat } = createTestChat();
    const refused = await readResponse(
      await chat(
        chatRequest(`/bots/${filled.bot.publicId}/startChat`, { token: filled.bot.chatKey, body: {} }),
      ),
    );
    // Its chat key went with it.
    expect(refused.status).toBe(403);
    const stillThere = await chat(
      chatRequest(`/bots/${otherBot.publicId}/startChat`, { token: otherBot.chatKey, body: {} }),
    );
    expect(stillThere.status).toBe(200);
    expect(await prisma.bot.count({ where: { workspaceId: other.workspaceId } })).toBe(1);
  });

  it("deletes its files from S3 too, and only under its own prefixes", async () => {
    const s3 = await startLocalS3Server();
    try {
      const storage = createS3Storage(s3.settings);
      const owner = await createTestUser();
      const other = await createTestUser();
      // Upload keys hold letters, digits and `._ -` (toSafeFileName).
      const keys = Array.from(
        { length: 5 },
        (_, i) => `public/${owner.workspaceId}/b/r/f${i}/Reçu n_ ${i}.txt`,
      );
      keys.push(`private/${owner.workspaceId}/b/r/f9/secret.pdf`);
      const otherKey = `public/${other.workspaceId}/b/r/f/keep.txt`;
      for (const key of [...keys, otherKey]) await storage.saveFile(key, bytes(key), "text/plain");
      // A prefix of the workspace's id is another workspace's business.
      const lookalike = `public/${owner.workspaceId}x/b/r/f/keep.txt`;
      await storage.saveFile(lookalike, bytes("x"), "text/plain");

      const result = await deleteWorkspaceData(prisma, owner.workspaceId, {
        storage,
        rateLimits: createRateLimitStore({ pool: getPgPool() }),
      });
      expect(result.files).toBe(6);
      expect(await s3.listKeys(`public/${owner.workspaceId}/`)).toEqual([]);
      expect(await s3.listKeys(`private/${owner.workspaceId}/`)).toEqual([]);
      expect((await s3.listKeys("public/")).sort()).toEqual([otherKey, lookalike].sort());
      expect(await prisma.workspace.count({ where: { id: owner.workspaceId } })).toBe(0);
    } finally {
      await s3.close();
    }
  });
});
