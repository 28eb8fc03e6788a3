import {
  claimWaitingConversationEmails,
  type WaitingConversationEmail,
} from "@parley/db/queries/claimWaitingConversationEmails";
import { getJobQueue, type JobQueue } from "@parley/db/queue";
import { getPlatformAccount } from "@parley/integrations/email/createEmailSender";
import { emailSendJob, sealEmail } from "@parley/integrations/email/emailSendJob";
import type { PlatformEmail } from "@parley/integrations/email/sendPlatformEmail";
import { platformEnv } from "@parley/platform/env";
import { createPeriodicJob, type PeriodicJob } from "@parley/platform/jobs/createPeriodicJob";
import type { Logger } from "@parley/platform/logger";
import type { ChatRuntime } from "../core/chatRuntime";

/** What a run needs of the chat runtime: its pool and its clock. */
export type WaitingEmailRuntime = Pick<ChatRuntime, "getPool" | "now">;

/** Conversations one run claims at most (the next run takes the rest). */
const BATCH = 100;
/** How often the cluster looks for conversations waiting past their e-mail time. */
export const WAITING_EMAIL_INTERVAL_MS = 30_000;

/** The inbox page with the conversation open, in the builder. */
export function waitingConversationLink(builderUrl: string, conversation: WaitingConversationEmail): string {
  const base = builderUrl.replace(/\/+$/, "");
  return `${base}/workspaces/${encodeURIComponent(conversation.workspaceId)}/inbox?view=waiting&conversation=${encodeURIComponent(conversation.id)}`;
}

/** The e-mail one available agent gets about one conversation still waiting. */
export function toWaitingEmail(
  conversation: WaitingConversationEmail,
  recipient: WaitingConversationEmail["recipients"][number],
  options: { builderUrl: string; now: Date },
): PlatformEmail {
  const minutes = Math.max(
    1,
    Math.floor((options.now.getTime() - conversation.createdAt.getTime()) / 60_000),
  );
  const queue = conversation.team ? `the ${conversation.team} queue` : "the general queue";
  const channel = { web: "the web chat", whatsapp: "WhatsApp", telegram: "Telegram", preview: "a preview" }[
    conversation.channel
  ];
  return {
    to: [recipient.email],
    subject: `A visitor has waited ${minutes} min in the inbox: ${conversation.botName}`,
    text: [
      `Hello${recipient.name ? ` ${recipient.name}` : ""},`,
      "",
      `A visitor of "${conversation.botName}"${channel ? ` on ${channel}` : ""} has waited ${minutes} minute${minutes === 1 ? "" : "s"} in ${queue} of ${conversation.workspaceName}'s inbox, and nobody has taken the conversation yet.`,
      "",
      `Open it: ${waitingConversationLink(options.builderUrl, conversation)}`,
      "",
      `You get this e-mail because you are marked available in ${conversation.workspaceName}'s inbox.`,
    ].join("\n"),
  };
}

/**
 * One pass: claims the conversations that still wait, nobody assigned, past their block's
 * `waitingEmailMinutes`, and queues one `email.send` job per available agent of the workspace, in the
 * claim's transaction (each conversation e-mails once in the cluster, and never without its jobs).
 */
export async function queueWaitingEmails(
  runtime: WaitingEmailRuntime,
  options: { queue?: JobQueue; builderUrl?: string } = {},
): Promise<{ conversations: number; emails: number }> {
  const queue = options.queue ?? getJobQueue();
  const builderUrl = options.builderUrl ?? platformEnv.BUILDER_URL;
  const now = runtime.now();
  let emails = 0;
  const claimed = await claimWaitingConversationEmails(
    runtime.getPool(),
    { now, limit: BATCH },
    async (client, conversations) => {
      const payloads = conversations.flatMap((conversation) =>
        conversation.recipients.map((recipient) =>
          sealEmail({
            kind: "platform",
            email: toWaitingEmail(conversation, recipient, { builderUrl, now }),
          }),
        ),
      );
      emails = payloads.length;
      await queue.enqueueInTransaction(emailSendJob, payloads, client);
    },
  );
  return { conversations: claimed.length, emails };
}

/** The waiting e-mails as a periodic job of the job queue: every chat process starts it, the cluster runs it once per interval. */
export function createWaitingEmailJob(
  runtime: WaitingEmailRuntime,
  logger: Logger,
  options: { queue?: JobQueue; builderUrl?: string } = {},
): PeriodicJob {
  return createPeriodicJob({
    job: "handoffWaitingEmails",
    ...(options.queue ? { getQueue: () => options.queue as JobQueue } : {}),
    run: () => queueWaitingEmails(runtime, options),
    report: ({ conversations, emails }) => {
      if (conversations > 0)
        logger.info({ conversations, emails }, "inbox: agents e-mailed about waiting chats");
    },
    logger,
  });
}

/**
 * Started by the processes that serve chats (the viewer, the chat server); returns the stop function. Without
 * the install's SMTP account (SMTP_HOST) nothing is claimed: a block's `waitingEmailMinutes` then sends nothing.
 */
export function startWaitingEmails(runtime: ChatRuntime, logger: Logger): () => void {
  if (!getPlatformAccount()) return () => {};
  return createWaitingEmailJob(runtime, logger).start(WAITING_EMAIL_INTERVAL_MS);
}
