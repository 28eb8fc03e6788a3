import { dbEnv, getPgPool, getPrisma } from "@parley/db";
import { JobQueue } from "@parley/db/queue";
import { createFlow, createTestPorts, startTestChat } from "@parley/engine/testing";
import { createTestBot, createTestResult } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createIntegrationServices } from "../createIntegrationServices";
import { createWorkspaceWithCredentials } from "../testing/integrationFixtures";
import { startFileServer } from "../testing/startFileServer";
import type { LocalServer } from "../testing/startLocalServer";
import { type LocalSmtpServer, startSmtpServer } from "../testing/startSmtpServer";
import { emailSendJob, queueEmail, runEmailJob } from "./emailSendJob";

const password = "smtp-secret-pass-9191";
let smtp: LocalSmtpServer;
let busySmtp: LocalSmtpServer;
let refusingSmtp: LocalSmtpServer;
let files: LocalServer;
let queue: JobQueue;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;

const account = (port: number) => ({
  host: "127.0.0.1",
  port,
  isTlsEnabled: false,
  username: "bot",
  password,
  from: { email: "bot@parley.test", name: "Parley Bot" },
});

beforeAll(async () => {
  smtp = await startSmtpServer({
    auth: { user: "bot", pass: password },
    refuseRecipients: ["gone@example.com"],
  });
  busySmtp = await startSmtpServer({ auth: { user: "bot", pass: password }, refuseMessages: 1 });
  refusingSmtp = await startSmtpServer({ auth: { user: "bot", pass: password }, refuseMessages: 100 });
  files = await startFileServer(Buffer.from("%PDF-1.4 queued"), "application/pdf");
  workspace = await createWorkspaceWithCredentials([
    { type: "smtp", name: "local", data: account(smtp.port) },
    { type: "smtp", name: "busy", data: account(busySmtp.port) },
    { type: "smtp", name: "refusing", data: account(refusingSmtp.port) },
  ]);
  queue = new JobQueue({ connectionString: dbEnv.DATABASE_URL ?? "", poolSize: 2 });
  await queue.start();
});
beforeEach(async () => {
  await getPgPool().query("DELETE FROM pgboss.job WHERE name = $1", [emailSendJob.name]);
});
afterAll(async () => {
  await queue.stop(1_000);
  await Promise.all([smtp.close(), busySmtp.close(), refusingSmtp.close(), files.close()]);
});

/** A turn that runs an Email block through the integrations' e-mail port (the one the chat runtime uses). */
async function runEmailTurn(credentialsId: string, subject: string) {
  const services = createIntegrationServices({ getQueue: () => queue });
  const sendEmail = (request: Parameters<typeof services.sendEmail>[0]) =>
    services.sendEmail(request, new AbortController().signal);
  const flow = createFlow({
    workspaceId: workspace.workspaceId,
    botId: "bot-queued",
    variables: [
      { id: "name", name: "Name", value: "Ada" },
      { id: "files", name: "Files", value: [`${files.origin}/uploads/quote.pdf`] },
    ],
    groups: [
      {
        id: "g",
        title: "Mail",
        blocks: [
          {
            id: "mail",
            type: "Email",
            options: {
              credentialsId,
              recipients: ["ada@example.com"],
              subject,
              body: "Thanks {{Name}}!",
              isCustomBody: true,
              attachmentsVariableId: "files",
            },
          },
          { id: "end", type: "text input", options: {} },
        ],
      },
    ],
  });
  return startTestChat(flow, { ports: createTestPorts({ sendEmail }) });
}

const run = (job: Parameters<typeof runEmailJob>[0], context: Parameters<typeof runEmailJob>[1]) =>
  runEmailJob(job, context, { allowList: ["127.0.0.1"], timeoutMs: 5_000 });

/** Time passes for the queue: the jobs waiting for their retry's backoff are due now. */
const makeRetriesDue = () =>
  getPgPool().query(
    `UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND state = 'retry'`,
    [emailSendJob.name],
  );

async function readJobs() {
  const { rows } = await getPgPool().query<{ state: string; retryCount: number; data: unknown }>(
    `SELECT state, retry_count AS "retryCount", data FROM pgboss.job WHERE name = $1 ORDER BY created_on`,
    [emailSendJob.name],
  );
  return rows;
}

describe("e-mails through the job queue", () => {
  it("a block's e-mail is a stored job when the turn answers, and arrives with its bytes when the job runs", async () => {
    const before = smtp.messages.length;
    const chat = await runEmailTurn(workspace.credentialsIds.local!, "Quote for {{Name}}");
    expect(chat.outcome.logsToPersist).toContainEqual(
      expect.objectContaining({ status: "success", description: "E-mail queued" }),
    );
    // Nothing was sent during the turn: the message waits in PostgreSQL, sealed.
    expect(smtp.messages.length).toBe(before);
    const jobs = await readJobs();
    expect(jobs).toEqual([expect.objectContaining({ state: "created" })]);
    const stored = JSON.stringify(jobs[0]?.data);
    for (const clear of ["Thanks Ada", "ada@example.com", "quote.pdf", "Quote for"])
      expect(stored).not.toContain(clear);

    expect(await queue.runOne(emailSendJob, run)).toBe("ran");
    expect(smtp.messages.length).toBe(before + 1);
    const message = smtp.messages[before]!;
    expect(message.envelope).toEqual({ from: "bot@parley.test", to: ["ada@example.com"] });
    expect(message.parsed.subject).toBe("Quote for Ada");
    expect(message.parsed.text?.trim()).toBe("Thanks Ada!");
    expect(message.parsed.attachments).toEqual([
      expect.objectContaining({ filename: "quote.pdf", content: Buffer.from("%PDF-1.4 queued") }),
    ]);
    expect(await readJobs()).toEqual([expect.objectContaining({ state: "completed" })]);
  });

  it("an SMTP server that refuses the first try gets the e-mail on the queue's retry, exactly once", async () => {
    await runEmailTurn(workspace.credentialsIds.busy!, "Retry me");
    expect(await queue.runOne(emailSendJob, run)).toBe("failed");
    expect(busySmtp.messages).toHaveLength(0);
    const [waiting] = await readJobs();
    expect(waiting).toMatchObject({ state: "retry" });
    // The backoff is 30 s: time passes for the queue.
    await makeRetriesDue();
    expect(await queue.runOne(emailSendJob, run)).toBe("ran");
    expect(await queue.runOne(emailSendJob, run)).toBe("none");
    expect(busySmtp.messages.map((message) => message.parsed.subject)).toEqual(["Retry me"]);
    expect(await readJobs()).toEqual([expect.objectContaining({ state: "completed", retryCount: 1 })]);
  });

  it("a refused try leaves no address of the e-mail in clear in the job's row (its stored error included)", async () => {
    const bot = await createTestBot(workspace.workspaceId);
    const result = await createTestResult({ id: bot.id, workspaceId: workspace.workspaceId });
    await queueEmail(
      {
        kind: "block",
        request: {
          workspaceId: workspace.workspaceId,
          botId: bot.id,
          resultId: result.id,
          credentialsId: workspace.credentialsIds.local!,
          recipients: ["gone@example.com"],
          cc: [],
          bcc: [],
          replyTo: null,
          subject: "To a gone mailbox",
          body: "Hello",
          isHtml: false,
          attachmentUrls: [],
          answers: [],
        },
      },
      queue,
    );
    expect(await queue.runOne(emailSendJob, run)).toBe("failed");
    const { rows } = await getPgPool().query<{ row: string }>(
      "SELECT to_jsonb(j)::text AS row FROM pgboss.job j WHERE name = $1",
      [emailSendJob.name],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).toContain('"state": "retry"');
    expect(rows[0]?.row).not.toContain("gone@example.com");
    // The server's answer stays, for whoever looks at the job.
    expect(rows[0]?.row).toContain("Recipient address rejected");
  });

  it("a block's e-mail refused on every try is logged on its result with the SMTP server's answer after the last", async () => {
    const bot = await createTestBot(workspace.workspaceId);
    const result = await createTestResult({ id: bot.id, workspaceId: workspace.workspaceId });
    await queueEmail(
      {
        kind: "block",
        request: {
          workspaceId: workspace.workspaceId,
          botId: bot.id,
          resultId: result.id,
          credentialsId: workspace.credentialsIds.refusing!,
          recipients: ["ada@example.com"],
          cc: [],
          bcc: [],
          replyTo: null,
          subject: "Never taken",
          body: "Hello",
          isHtml: false,
          attachmentUrls: [],
          answers: [],
        },
      },
      queue,
    );
    const logsOfResult = () => getPrisma().log.findMany({ where: { resultId: result.id } });
    for (let attempt = 0; attempt <= emailSendJob.retryLimit; attempt++) {
      // No log while tries are left.
      expect(await logsOfResult()).toEqual([]);
      await makeRetriesDue();
      expect(await queue.runOne(emailSendJob, run)).toBe("failed");
    }
    expect(await readJobs()).toEqual([expect.objectContaining({ state: "failed" })]);
    expect(await logsOfResult()).toEqual([
      expect.objectContaining({
        botId: bot.id,
        status: "error",
        description: "E-mail could not be sent",
        details: expect.stringContaining("Mailbox busy, try again later"),
      }),
    ]);
    expect(refusingSmtp.messages).toEqual([]);
  });
});
