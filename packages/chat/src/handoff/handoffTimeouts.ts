import { claimTimedOutConversations } from "@parley/db/queries/claimTimedOutConversations";
import { createPeriodicJob, type PeriodicJob } from "@parley/platform/jobs/createPeriodicJob";
import type { Logger } from "@parley/platform/logger";
import type { ChannelsChatRuntime } from "../channels/channelsRuntime";
import { endHandoffWait } from "./endHandoffWait";

/** Conversations one run closes at most (the next run takes the rest). */
const BATCH = 100;
/** How often the cluster looks for conversations nobody took in time. */
export const HANDOFF_TIMEOUT_INTERVAL_MS = 15_000;

/**
 * One pass: closes the waiting conversations whose pick-up time has passed (nobody assigned) and runs
 * each session's turn down the Human handoff block's fallback path (on WhatsApp and Telegram its messages are
 * sent there). Idempotent: a conversation is closed by one statement of one run, and a session that no longer
 * waits in it is left alone.
 */
export async function takeHandoffFallbacks(
  runtime: ChannelsChatRuntime,
  logger: Logger,
): Promise<{ timedOut: number }> {
  const claimed = await claimTimedOutConversations(runtime.getPool(), {
    now: runtime.now(),
    limit: BATCH,
    note: "Nobody took the conversation in time: the bot took it back",
  });
  for (const conversation of claimed) {
    await endHandoffWait(
      runtime,
      {
        sessionId: conversation.sessionId,
        conversationId: conversation.id,
        event: { type: "timedOut" },
        reason: "timedOut",
        resolution: null,
      },
      logger,
    );
  }
  return { timedOut: claimed.length };
}

/**
 * The pick-up timeouts of Human handoff blocks, as a periodic job of the job queue: every chat process
 * starts it and the cluster runs it once per interval, so a timeout fires within the interval of its time.
 */
export function createHandoffTimeoutJob(runtime: ChannelsChatRuntime, logger: Logger): PeriodicJob {
  return createPeriodicJob({
    job: "handoffTimeouts",
    run: () => takeHandoffFallbacks(runtime, logger),
    report: ({ timedOut }) => {
      if (timedOut > 0) logger.info({ timedOut }, "inbox conversations nobody took in time");
    },
    logger,
  });
}

/** Started by the processes that serve chats (the viewer, the chat server); returns the stop function. */
export function startHandoffTimeouts(runtime: ChannelsChatRuntime, logger: Logger): () => void {
  return createHandoffTimeoutJob(runtime, logger).start(HANDOFF_TIMEOUT_INTERVAL_MS);
}
