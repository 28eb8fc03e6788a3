// Next calls register() once per server process: the viewer deletes expired chat sessions and delivers
// result webhooks in the background.
export async function register() {
  // biome-ignore lint/style/noProcessEnv: Next's own marker of the runtime, not configuration
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // A production server without ENCRYPTION_SECRET stops here, with the reason.
  const { stopServerWithoutEncryptionSecret } = await import(
    "@parley/integrations/credentials/requireEncryptionSecret"
  );
  stopServerWithoutEncryptionSecret();
  const { getPgPool } = await import("@parley/db");
  const { logger } = await import("@parley/platform");
  const { startSessionCleanup } = await import("@parley/chat/cleanup/cleanExpiredSessions");
  startSessionCleanup(getPgPool, logger);
  const { startWebhookDeliveries } = await import("@parley/chat/webhooks/startWebhookDeliveries");
  startWebhookDeliveries(getPgPool, logger);
}
