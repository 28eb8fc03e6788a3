import { createId, type Database, getPrisma } from "@parley/db";
import {
  defineJob,
  getJobQueue,
  type JobContext,
  type JobDefinition,
  type JobQueue,
  startWorkerUntilStopped,
} from "@parley/db/queue";
import type { SendEmailRequest } from "@parley/engine";
import type { Logger } from "@parley/platform/logger";
import { z } from "zod";
import { decryptCredentials, encryptCredentials } from "../credentials/credentialsCipher";
import type { ReadUpload } from "../files/fetchFile";
import { createEmailSender } from "./createEmailSender";
import type { PlatformEmail } from "./sendPlatformEmail";
import { sendPlatformEmail } from "./sendPlatformEmail";
import type { SendResult, SmtpAccount } from "./sendSmtpMessage";

/** What one `email.send` job sends, before it is sealed. */
export type QueuedEmail =
  /** An e-mail block's message: its SMTP account (by credentials id) and attachments are read when the job runs. */
  | { kind: "block"; request: SendEmailRequest }
  /** An e-mail of the platform itself (password reset, inactivity reminder) through SMTP_HOST & co. */
  | { kind: "platform"; email: PlatformEmail };

const sealedSchema = z.object({
  /** Binds the ciphertext to this job: a payload copied into another job does not decrypt. */
  id: z.string().min(1),
  data: z.string().min(1),
  iv: z.string().min(1),
});

/**
 * One e-mail per job, its content encrypted with the credentials cipher (ENCRYPTION_SECRET, read with
 * ENCRYPTION_SECRET_PREVIOUS during a rotation): reset links and message bodies never sit in
 * `pgboss.job` in clear, and the SMTP password is never in it (the job reads the credentials when it
 * runs). A refused try is retried after 30 s, then about twice as long each time (6 tries in about
 * 16 minutes); a try whose process died is tried again after `timeoutSeconds`.
 */
export const emailSendJob: JobDefinition<z.output<typeof sealedSchema>> = defineJob({
  name: "email.send",
  payload: sealedSchema,
  retryLimit: 5,
  retryDelaySeconds: 30,
  timeoutSeconds: 180,
});

const binding = (id: string) => ({ id, workspaceId: "queue", type: emailSendJob.name });

/** Encrypts an e-mail into a job payload. */
export function sealEmail(email: QueuedEmail): z.output<typeof sealedSchema> {
  const id = createId();
  return { id, ...encryptCredentials(email, binding(id)) };
}

/** Decrypts a job payload (throws when it was altered or written under another secret). */
export function openEmail(sealed: z.output<typeof sealedSchema>): QueuedEmail {
  return decryptCredentials({ data: sealed.data, iv: sealed.iv }, binding(sealed.id)) as QueuedEmail;
}

/** Adds the e-mail's job: resolved once the job is a row in PostgreSQL. */
export async function queueEmail(email: QueuedEmail, queue: JobQueue = getJobQueue()): Promise<void> {
  await queue.enqueue(emailSendJob, sealEmail(email));
}

/** sendPlatformEmail's place in requests and periodic jobs: the e-mail is queued, `ok` once it is stored. */
export async function queuePlatformEmail(email: PlatformEmail): Promise<SendResult> {
  await queueEmail({ kind: "platform", email });
  return { ok: true, messageId: "queued" };
}

export interface EmailJobServices {
  getPrisma?: () => Database;
  /** Hosts reachable although private, on top of OUTBOUND_ALLOWED_HOSTS (tests use 127.0.0.1). */
  allowList?: readonly string[];
  /** Reads the server's own uploads (an e-mail block's attachments). */
  readUpload?: ReadUpload;
  /** The platform account; defaults to SMTP_HOST & co. */
  platformAccount?: SmtpAccount | null;
  timeoutMs?: number;
  logger?: Logger;
}

/**
 * One try of an `email.send` job: throws with the SMTP server's answer when the message was not
 * taken, so that the queue retries it. The last try of a block's e-mail that fails is written to its
 * result's logs.
 */
export async function runEmailJob(
  sealed: z.output<typeof sealedSchema>,
  job: JobContext,
  services: EmailJobServices = {},
): Promise<void> {
  const email = openEmail(sealed);
  const sent =
    email.kind === "platform"
      ? await sendPlatformEmail(email.email, {
          ...(services.platformAccount !== undefined ? { account: services.platformAccount } : {}),
          ...(services.timeoutMs ? { timeoutMs: services.timeoutMs } : {}),
        })
      : await createEmailSender({
          getPrisma: services.getPrisma ?? getPrisma,
          allowList: services.allowList,
          readUpload: services.readUpload,
          timeoutMs: services.timeoutMs,
          ...(services.platformAccount !== undefined ? { platformAccount: services.platformAccount } : {}),
        })(email.request);
  if (sent.ok) return;
  const isLastTry = job.retryCount >= emailSendJob.retryLimit;
  services.logger?.warn(
    { jobId: job.id, retryCount: job.retryCount, error: sent.error },
    isLastTry ? "e-mail not delivered after its last try" : "e-mail not delivered yet, the queue tries again",
  );
  if (isLastTry && email.kind === "block") {
    const { botId, resultId } = email.request;
    await (services.getPrisma ?? getPrisma)()
      .log.create({
        data: {
          id: createId(),
          botId,
          resultId,
          status: "error",
          description: "E-mail could not be sent",
          details: sent.error,
        },
      })
      // A result deleted meanwhile has no logs to add to.
      .catch((error: unknown) =>
        services.logger?.error({ err: error, resultId }, "e-mail failure not logged"),
      );
  }
  // The queue stores the error in clear with the job (pgboss.job.output): the SMTP server's answer without the
  // addresses it names (a refused recipient's), which the log line above and the result's log keep.
  throw new Error(withoutEmailAddresses(sent.error));
}

/** `text` with every e-mail address in it replaced by "<address>". */
function withoutEmailAddresses(text: string): string {
  return text.replace(/<?[^\s<>@"',;:()[\]]+@[^\s<>@"',;:()[\]]+>?/g, "<address>");
}

/** Works the queue's `email.send` jobs in this process; returns the stop function. */
export function startEmailDeliveries(
  logger: Logger,
  services: Omit<EmailJobServices, "logger"> = {},
  queue: JobQueue = getJobQueue(),
): () => void {
  return startWorkerUntilStopped(
    () =>
      queue.work(emailSendJob, (sealed, job) => runEmailJob(sealed, job, { ...services, logger }), {
        concurrency: 2,
      }),
    (error, failedStarts) =>
      logger.error({ err: error, failedStarts }, "e-mail worker not started; trying again"),
  );
}
