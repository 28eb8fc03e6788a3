import { type LocalSmtpServer, startSmtpServer } from "@parley/integrations/testing/startSmtpServer";
import { afterAll } from "vitest";

/**
 * The install's SMTP account: a real SMTP server on loopback and the SMTP_* variables that name it. SMTP_HOST & co.
 * are read when the integrations load, so a test file calls this from `vi.hoisted` (before its imports), sets the
 * variables there, then `await deliverEmailsTo(server)` at its top level. This module imports no integration.
 */
export async function startInstallSmtpAccount() {
  const server: LocalSmtpServer = await startSmtpServer({ auth: { user: "parley", pass: "smtp secret" } });
  const variables = {
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(server.port),
    SMTP_USERNAME: "parley",
    SMTP_PASSWORD: "smtp secret",
    SMTP_FROM: "Parley <accounts@parley.test>",
    BUILDER_URL: "https://builder.parley.test",
  };
  return { server, variables };
}

/**
 * This process works the queue's e-mails, as every server does, until the file's tests end (then the queue and
 * the SMTP server stop). Returns the messages sent to an address, oldest first. The queue and the e-mail job are
 * imported here, after the SMTP variables are set.
 */
export async function deliverEmailsTo(smtp: LocalSmtpServer) {
  const { stopJobQueue } = await import("@parley/db/queue");
  const { startEmailDeliveries } = await import("@parley/integrations/email/emailSendJob");
  const { logger } = await import("@parley/platform/logger");
  const stopEmails = startEmailDeliveries(logger);
  afterAll(async () => {
    stopEmails();
    await stopJobQueue(1_000);
    await smtp.close();
  });
  return (email: string) => smtp.messages.filter((message) => message.envelope.to.includes(email));
}
