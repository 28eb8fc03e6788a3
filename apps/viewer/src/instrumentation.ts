// Next calls register() once per server process: the viewer stamps client addresses on requests, and
// runs its share of the job queue: the session cleanup, result webhooks, messaging sends, e-mails, the
// inbox's pick-up timeouts.
export async function register() {
  // biome-ignore lint/style/noProcessEnv: Next's own marker of the runtime, not configuration
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First: every variable the viewer reads is valid, else it stops with the list of what is wrong.
  const { checkConfigAtStart } = await import("@parley/config");
  checkConfigAtStart("viewer");
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
  const { getPgPool } = await import("@parley/db");
  const { logger } = await import("@parley/platform/logger");
  const { startProcessJobQueue, stopJobQueueOnSignals } = await import(
    "@parley/platform/jobs/processJobQueue"
  );
  startProcessJobQueue(logger);
  stopJobQueueOnSignals(logger);
  const { startSessionCleanup } = await import("@parley/chat/cleanup/cleanExpiredSessions");
  startSessionCleanup(getPgPool, logger);
  const { startWebhookDeliveries } = await import("@parley/chat/webhooks/startWebhookDeliveries");
  startWebhookDeliveries(getPgPool, logger);
  const { viewerRuntime } = await import("@parley/chat/mounts/handleViewerApiRequest");
  const { startMessagingDeliveries } = await import("@parley/chat/channels/startMessagingDeliveries");
  startMessagingDeliveries(viewerRuntime, logger);
  const { startHandoffTimeouts } = await import("@parley/chat/handoff/handoffTimeouts");
  startHandoffTimeouts(viewerRuntime, logger);
  const { startWaitingEmails } = await import("@parley/chat/handoff/waitingEmails");
  startWaitingEmails(viewerRuntime, logger);
  const { startServerEmailDeliveries } = await import("@parley/chat/email/startServerEmailDeliveries");
  startServerEmailDeliveries(logger);
}
