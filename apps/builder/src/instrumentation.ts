/**
 * Next.js start-up hook of the builder's Node.js server: client addresses, the job queue (stopped on SIGTERM)
 * with the hourly billing, inactivity e-mail and data retention jobs, queued e-mails, and the knowledge
 * sources' indexing, and the bots' queued replays.
 */
export async function register() {
  // biome-ignore lint/style/noProcessEnv: Next.js tells the runtime only through this variable
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First: every variable the builder reads is valid, else it stops with the list of what is wrong.
  const { checkConfigAtStart } = await import("@parley/config");
  checkConfigAtStart("builder");
  // Before Next serves a request: every request gets the client address of the trusted-proxy rule
  // (TRUSTED_PROXIES), which its route handlers cannot compute without the socket.
  const { stampClientAddressOnEveryServer } = await import("@parley/platform/http/clientAddress");
  stampClientAddressOnEveryServer();
  // Traces when the OTEL_* variables ask for them (already started by the production server layer,
  // scripts/nextServer.ts; here for `next dev`).
  const { startTracing } = await import("@parley/platform/tracing");
  await startTracing();
  // A production server without ENCRYPTION_SECRET stops here, with the reason.
  const { stopServerWithoutEncryptionSecret } = await import(
    "@parley/integrations/credentials/requireEncryptionSecret"
  );
  stopServerWithoutEncryptionSecret();
  const { logger } = await import("@parley/platform/logger");
  const { startProcessJobQueue, stopJobQueueOnSignals } = await import(
    "@parley/platform/jobs/processJobQueue"
  );
  startProcessJobQueue(logger);
  stopJobQueueOnSignals(logger);
  const { startBillingJob } = await import("@parley/api/billing/startBillingJob");
  const { startInactiveWorkspaceJob } = await import("@parley/api/workspaces/startInactiveWorkspaceJob");
  const { startRetentionJob } = await import("@parley/api/retention/startRetentionJob");
  const { startCanaryRollbackJob } = await import("@parley/api/canary/startCanaryRollbackJob");
  startBillingJob();
  startInactiveWorkspaceJob();
  startRetentionJob();
  startCanaryRollbackJob();
  // Queued e-mails (password resets, inactivity reminders, e-mail blocks of preview chats and of any process).
  const { startServerEmailDeliveries } = await import("@parley/chat/email/startServerEmailDeliveries");
  startServerEmailDeliveries(logger);
  const { getPrisma } = await import("@parley/db");
  const { startKnowledgeIndexing } = await import("@parley/integrations/knowledge/indexKnowledgeSource");
  startKnowledgeIndexing(getPrisma(), logger).catch((error: unknown) =>
    logger.error({ err: error }, "knowledge indexing: not started"),
  );
  // "What would change?" replays too large to answer at once (docs/replay.md).
  const { startReplayWorker } = await import("@parley/api/replays/botReplays");
  startReplayWorker(getPrisma(), logger).catch((error: unknown) =>
    logger.error({ err: error }, "bot replays: not started"),
  );
}
