import { createId, getPgPool, getPrisma } from "@parley/db";
import { describe, expect, it } from "vitest";
import { createPublishedTestBot } from "../testing/chatFixtures";
import { createGreetingFlow } from "../testing/testFlows";
import { createWhatsAppCredentials } from "../testing/whatsAppFixtures";
import { cleanExpiredSessions } from "./cleanExpiredSessions";

const prisma = getPrisma();
const HOUR = 3_600_000;

describe("cleanExpiredSessions", () => {
  it("deletes sessions expired past the grace period, old replay records and message ids, and nothing else", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const session = (expiresAt: Date) => ({ id: createId(), botId: bot.botId, state: {}, expiresAt });
    const longExpired = session(new Date(Date.now() - 3 * HOUR));
    const justExpired = session(new Date(Date.now() - 10_000));
    const live = session(new Date(Date.now() + HOUR));
    await prisma.chatSession.createMany({ data: [longExpired, justExpired, live] });
    await prisma.chatTurnRecord.createMany({
      data: [
        {
          sessionId: live.id,
          key: "turn:0",
          statusCode: 200,
          response: {},
          createdAt: new Date(Date.now() - 2 * HOUR),
        },
        { sessionId: live.id, key: "turn:1", statusCode: 200, response: {} },
      ],
    });

    const credentialsId = await createWhatsAppCredentials(bot.owner.workspaceId);
    await prisma.messagingInboundMessage.createMany({
      data: [
        { credentialsId, messageId: "wamid.old", createdAt: new Date(Date.now() - 2 * HOUR) },
        { credentialsId, messageId: "wamid.recent" },
      ],
    });

    const deleted = await cleanExpiredSessions(getPgPool(), { graceMs: HOUR, recordTtlMs: HOUR });

    expect(deleted.sessions).toBeGreaterThanOrEqual(1);
    const remaining = await prisma.chatSession.findMany({
      where: { botId: bot.botId },
      select: { id: true },
    });
    expect(remaining.map((row) => row.id).sort()).toEqual([justExpired.id, live.id].sort());
    const records = await prisma.chatTurnRecord.findMany({
      where: { sessionId: live.id },
      select: { key: true },
    });
    expect(records.map((record) => record.key)).toEqual(["turn:1"]);
    const messageIds = await prisma.messagingInboundMessage.findMany({ where: { credentialsId } });
    expect(messageIds.map((row) => row.messageId)).toEqual(["wamid.recent"]);
  });
});
