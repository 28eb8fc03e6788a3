import { createPgPool, createPrismaClient, dbEnv, getPrisma } from "@parley/db";
import { JobQueue } from "@parley/db/queue";
import { sendPlatformEmail } from "@parley/integrations/email/sendPlatformEmail";
import { type LocalSmtpServer, startSmtpServer } from "@parley/integrations/testing/startSmtpServer";
import { addWorkspaceMember } from "@parley/platform/accounts/addWorkspaceMember";
import { createCapturingLogger } from "@parley/platform/testing/createCapturingLogger";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendInactiveWorkspaceEmails } from "./sendInactiveWorkspaceEmails";
import { createInactiveWorkspaceJob } from "./startInactiveWorkspaceJob";

const DAY_MS = 24 * 60 * 60 * 1000;
const prisma = getPrisma();
let smtp: LocalSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer({ auth: { user: "parley", pass: "smtp secret" } });
});
afterAll(() => smtp.close());

const account = () => ({
  host: "127.0.0.1",
  port: smtp.port,
  isTlsEnabled: false,
  username: "parley",
  password: "smtp secret",
  from: { email: "notifications@parley.test", name: "Parley" },
  isTrusted: true,
});
const send = (email: Parameters<typeof sendPlatformEmail>[0]) =>
  sendPlatformEmail(email, { account: account() });

/**
 * Every workspace of the database is a candidate, so each test lives in its own past (`now` before any other
 * test's workspaces were created, later tests further back): only the workspaces it dates itself are inactive.
 */
async function createWorkspace(now: Date, lastActivityDaysAgo: number | null, createdDaysAgo = 365) {
  const admin = await createTestUser();
  await prisma.workspace.update({
    where: { id: admin.workspaceId },
    data: {
      lastActivityAt:
        lastActivityDaysAgo === null ? null : new Date(now.getTime() - lastActivityDaysAgo * DAY_MS),
      createdAt: new Date(now.getTime() - createdDaysAgo * DAY_MS),
    },
  });
  return admin;
}

const messagesTo = (email: string) => smtp.messages.filter((message) => message.envelope.to.includes(email));
const datesOf = (workspaceId: string) =>
  prisma.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { inactiveFirstEmailSentAt: true, inactiveSecondEmailSentAt: true },
  });

describe("inactive workspace e-mails", () => {
  it("e-mails the ADMINs after N days, a reminder 7 days later, and records when; activity starts over", async () => {
    const now = new Date("2000-03-01T12:00:00Z");
    const rules = (at: Date) => ({
      inactiveDays: 30,
      secondEmailAfterDays: 7,
      builderUrl: "https://builder.test",
      now: at,
    });
    const idle = await createWorkspace(now, 31);
    const coAdmin = await createTestUser();
    await addWorkspaceMember(prisma, { workspaceId: idle.workspaceId, email: coAdmin.email, role: "ADMIN" });
    const member = await createTestUser();
    await addWorkspaceMember(prisma, { workspaceId: idle.workspaceId, email: member.email, role: "MEMBER" });
    const active = await createWorkspace(now, 29);
    const neverUsed = await createWorkspace(now, null, 40);
    const suspended = await createWorkspace(now, 90);
    await prisma.workspace.update({ where: { id: suspended.workspaceId }, data: { isSuspended: true } });

    const first = await sendInactiveWorkspaceEmails(prisma, rules(now), send);
    expect(first).toEqual({ firstEmails: 2, secondEmails: 0, failed: 0, reactivated: 0 });
    const [toIdle] = messagesTo(idle.email);
    expect(toIdle?.envelope.to.sort()).toEqual([idle.email, coAdmin.email].sort());
    expect(toIdle?.parsed.subject).toMatch(
      /^Your workspace "Workspace \w+" has had no activity for 31 days$/,
    );
    expect(toIdle?.parsed.text).toContain("Open https://builder.test to pick up where you left off.");
    expect(toIdle?.parsed.from?.text).toBe('"Parley" <notifications@parley.test>');
    expect(messagesTo(member.email)).toEqual([]);
    expect(messagesTo(active.email)).toEqual([]);
    expect(messagesTo(suspended.email)).toEqual([]);
    expect(messagesTo(neverUsed.email)).toHaveLength(1);
    expect(await datesOf(idle.workspaceId)).toEqual({
      inactiveFirstEmailSentAt: now,
      inactiveSecondEmailSentAt: null,
    });
    expect(await datesOf(active.workspaceId)).toEqual({
      inactiveFirstEmailSentAt: null,
      inactiveSecondEmailSentAt: null,
    });

    // The next runs before the reminder is due send nothing more.
    await sendInactiveWorkspaceEmails(prisma, rules(new Date(now.getTime() + 6 * DAY_MS)), send);
    expect(messagesTo(idle.email)).toHaveLength(1);
    const later = new Date(now.getTime() + 7 * DAY_MS);
    await sendInactiveWorkspaceEmails(prisma, rules(later), send);
    const reminders = messagesTo(idle.email);
    expect(reminders).toHaveLength(2);
    expect(reminders[1]?.parsed.subject).toMatch(
      /^Reminder: your workspace "Workspace \w+" is still inactive$/,
    );
    expect(await datesOf(idle.workspaceId)).toEqual({
      inactiveFirstEmailSentAt: now,
      inactiveSecondEmailSentAt: later,
    });
    await sendInactiveWorkspaceEmails(prisma, rules(new Date(later.getTime() + 30 * DAY_MS)), send);
    expect(messagesTo(idle.email)).toHaveLength(2);

    // Activity clears both dates; a new spell of inactivity is announced again.
    const back = new Date(later.getTime() + DAY_MS);
    await prisma.workspace.update({ where: { id: idle.workspaceId }, data: { lastActivityAt: back } });
    const run = await sendInactiveWorkspaceEmails(prisma, rules(new Date(back.getTime() + DAY_MS)), send);
    expect(run).toEqual({ firstEmails: 0, secondEmails: 0, failed: 0, reactivated: 1 });
    expect(await datesOf(idle.workspaceId)).toEqual({
      inactiveFirstEmailSentAt: null,
      inactiveSecondEmailSentAt: null,
    });
    await sendInactiveWorkspaceEmails(prisma, rules(new Date(back.getTime() + 31 * DAY_MS)), send);
    expect(messagesTo(idle.email)).toHaveLength(3);
  });

  it("records nothing when the SMTP server refuses, and sends on the next run", async () => {
    const now = new Date("1995-06-01T00:00:00Z");
    const idle = await createWorkspace(now, 100);
    const rules = { inactiveDays: 30, secondEmailAfterDays: 7, builderUrl: "https://builder.test", now };
    const refused = await sendInactiveWorkspaceEmails(prisma, rules, (email) =>
      sendPlatformEmail(email, { account: { ...account(), password: "wrong" } }),
    );
    expect(refused).toEqual({ firstEmails: 0, secondEmails: 0, failed: 1, reactivated: 0 });
    expect(messagesTo(idle.email)).toEqual([]);
    expect((await datesOf(idle.workspaceId)).inactiveFirstEmailSentAt).toBeNull();
    await sendInactiveWorkspaceEmails(prisma, rules, send);
    expect(messagesTo(idle.email)).toHaveLength(1);
    expect((await datesOf(idle.workspaceId)).inactiveFirstEmailSentAt).toEqual(now);
  });

  it("runs once per cluster: of two builders ticking at once, one sends", async () => {
    const now = new Date("1990-01-01T00:00:00Z");
    const idle = await createWorkspace(now, 60);
    const url = dbEnv.DATABASE_URL ?? "";
    const runners = [0, 1].map(() => {
      const pool = createPgPool(url, 2);
      const client = createPrismaClient({ connectionString: url, pool });
      const queue = new JobQueue({ connectionString: url, poolSize: 2 });
      const { logger, lines } = createCapturingLogger();
      const job = createInactiveWorkspaceJob({
        getPrisma: () => client,
        getQueue: () => queue,
        logger,
        rules: () => ({ inactiveDays: 30, secondEmailAfterDays: 7, builderUrl: "https://builder.test", now }),
        send,
      });
      return {
        job,
        lines,
        end: async () => {
          await client.$disconnect();
          await pool.end();
          await queue.stop(1_000);
        },
      };
    });
    const outcomes = await Promise.all(runners.map((runner) => runner.job.tick()));
    expect(outcomes.filter((outcome) => outcome === "ran")).toHaveLength(
      outcomes.includes("skipped") ? 1 : 2,
    );
    expect(messagesTo(idle.email)).toHaveLength(1);
    const sent = runners
      .flatMap((runner) => runner.lines)
      .filter((line) => line.msg === "inactive workspaces: e-mails sent");
    expect(sent.length).toBeGreaterThanOrEqual(1);
    await Promise.all(runners.map((runner) => runner.end()));
  });
});
