import { createPgPool, dbEnv, getPrisma, type Pool } from "@parley/db";
import { JobQueue } from "@parley/db/queue";
import { emailSendJob, runEmailJob } from "@parley/integrations/email/emailSendJob";
import { type LocalSmtpServer, startSmtpServer } from "@parley/integrations/testing/startSmtpServer";
import { createCapturingLogger } from "@parley/platform/testing/createCapturingLogger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  createTestMember,
  readResponse,
} from "../testing/chatFixtures";
import { group, startEdge, startEvent, text } from "../testing/testFlows";
import { createWaitingEmailJob, queueWaitingEmails } from "./waitingEmails";

const prisma = getPrisma();
const { chat } = createTestChat();
const url = dbEnv.DATABASE_URL ?? "";
const builderUrl = "https://builder.parley.test";

let smtp: LocalSmtpServer;
/** Two chat processes: each its own pool and queue. */
let workers: { pool: Pool; queue: JobQueue }[];

beforeAll(async () => {
  smtp = await startSmtpServer();
  workers = [0, 1].map(() => ({
    pool: createPgPool(url, 2),
    queue: new JobQueue({ connectionString: url, poolSize: 2 }),
  }));
});
afterAll(async () => {
  for (const worker of workers) {
    await worker.queue.stop(1_000);
    await worker.pool.end();
  }
  await smtp.close();
});

const account = () => ({
  host: "127.0.0.1",
  port: smtp.port,
  isTlsEnabled: false,
  username: "",
  password: "",
  from: { email: "inbox@parley.test", name: "Parley" },
  // The install's own SMTP_HOST (on loopback here) skips the outbound rules, as getPlatformAccount's does.
  isTrusted: true,
});

/** The queued `email.send` jobs, sent to the local SMTP server as any process's e-mail worker does. */
async function deliverQueuedEmails() {
  const queue = workers[0]!.queue;
  while (
    (await queue.runOne(emailSendJob, (sealed, job) =>
      runEmailJob(sealed, job, { platformAccount: account() }),
    )) !== "none"
  );
}

const messagesTo = (email: string) => smtp.messages.filter((message) => message.envelope.to.includes(email));

/** A worker's view of the clock, `minutes` from now. */
const at = (worker: { pool: Pool }, minutes: number) => ({
  getPool: () => worker.pool,
  now: () => new Date(Date.now() + minutes * 60_000),
});

async function startWaitingConversation() {
  const bot = await createPublishedTestBot({
    events: [startEvent],
    groups: [
      group("g-1", [
        text("b-hello", "Hello"),
        {
          id: "b-handoff",
          type: "Human handoff",
          items: [{ id: "i-fallback", path: "fallback" }],
          options: { team: "Support", waitingEmailMinutes: 5 },
        },
      ]),
    ],
    edges: [startEdge("g-1")],
    variables: [],
  });
  const start = await readResponse(
    await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
  );
  expect(start.status).toBe(200);
  const conversation = await prisma.conversation.findFirstOrThrow({
    where: { sessionId: start.body.sessionId },
  });
  // The owner (ADMIN) and a MEMBER are available, another MEMBER is away, a GUEST is available but cannot reply.
  const available = await createTestMember(bot.workspaceId, "MEMBER");
  const away = await createTestMember(bot.workspaceId, "MEMBER");
  const guest = await createTestMember(bot.workspaceId, "GUEST");
  await prisma.agentPresence.createMany({
    data: [
      { workspaceId: bot.workspaceId, userId: bot.owner.user.id, status: "available" },
      { workspaceId: bot.workspaceId, userId: available.user.id, status: "available" },
      { workspaceId: bot.workspaceId, userId: away.user.id, status: "away" },
      { workspaceId: bot.workspaceId, userId: guest.user.id, status: "available" },
    ],
  });
  return { bot, conversation, agents: [bot.owner, available], notified: [away, guest] };
}

describe("E-mail to available agents when a conversation waits", () => {
  it("e-mails each available agent once with a link to the conversation, across two processes", async () => {
    const { bot, conversation, agents, notified } = await startWaitingConversation();
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: bot.workspaceId } });
    expect(conversation.waitingEmailAt?.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);

    // Four minutes in: not due yet.
    expect(
      await queueWaitingEmails(at(workers[0]!, 4), { queue: workers[0]!.queue, builderUrl }),
    ).toMatchObject({ conversations: 0 });
    await deliverQueuedEmails();
    for (const agent of agents) expect(messagesTo(agent.email)).toEqual([]);

    // Six minutes in, both processes' runs at the same moment: one claims it, with one e-mail per available agent.
    const runs = await Promise.all(
      workers.map((worker) => queueWaitingEmails(at(worker, 6), { queue: worker.queue, builderUrl })),
    );
    expect(runs.map((run) => run.conversations).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    // Later runs find nothing more for it.
    await queueWaitingEmails(at(workers[1]!, 30), { queue: workers[1]!.queue, builderUrl });
    await deliverQueuedEmails();

    const link = `${builderUrl}/workspaces/${bot.workspaceId}/inbox?view=waiting&conversation=${conversation.id}`;
    for (const agent of agents) {
      const received = messagesTo(agent.email);
      expect(received).toHaveLength(1);
      const [message] = received;
      expect(message?.envelope.to).toEqual([agent.email]);
      expect(message?.envelope.from).toBe("inbox@parley.test");
      expect(message?.parsed.subject).toMatch(/^A visitor has waited \d+ min in the inbox: /);
      expect(message?.parsed.text).toContain(link);
      expect(message?.parsed.text).toContain(`in the Support queue of ${workspace.name}'s inbox`);
    }
    for (const member of notified) expect(messagesTo(member.email)).toEqual([]);
    expect(
      (await prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).waitingEmailedAt,
    ).not.toBeNull();
  });

  it("sends nothing for a conversation an agent took before its time", async () => {
    const { conversation, agents } = await startWaitingConversation();
    // What taking it writes (POST …/assign): assigned and open.
    await prisma.conversation.update({
      where: { id: conversation.id },
      data: { status: "open", assigneeId: agents[0]!.user.id, assignedAt: new Date() },
    });
    await queueWaitingEmails(at(workers[0]!, 6), { queue: workers[0]!.queue, builderUrl });
    await deliverQueuedEmails();
    for (const agent of agents) expect(messagesTo(agent.email)).toEqual([]);
    expect(
      (await prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).waitingEmailedAt,
    ).toBeNull();
  });

  it("runs as a periodic job of the queue: two processes ticking at once send each e-mail once", async () => {
    const { conversation, agents } = await startWaitingConversation();
    await prisma.conversation.update({
      where: { id: conversation.id },
      data: { waitingEmailAt: new Date(Date.now() - 1_000) },
    });
    const jobs = workers.map((worker) =>
      createWaitingEmailJob(
        { getPool: () => worker.pool, now: () => new Date() },
        createCapturingLogger().logger,
        { queue: worker.queue, builderUrl },
      ),
    );
    const outcomes = await Promise.all(jobs.map((job) => job.tick()));
    expect(outcomes).toContain("ran");
    await deliverQueuedEmails();
    for (const agent of agents) expect(messagesTo(agent.email)).toHaveLength(1);
  });
});
