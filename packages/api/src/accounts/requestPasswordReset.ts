import type { Database } from "@parley/db";
import { queuePlatformEmail } from "@parley/integrations/email/emailSendJob";
import { normalizeEmail } from "@parley/platform/accounts/createUserAccount";
import { createPasswordResetToken } from "@parley/platform/accounts/passwordResetTokens";
import { platformEnv } from "@parley/platform/env";
import { getRateLimitStore, type RateLimitStore } from "@parley/platform/limits/rateLimits";
import type { Logger } from "@parley/platform/logger";
import { consumeAccountEmailLimits } from "./consumeAccountEmailLimits";

/** Reset e-mails per address an hour, and reset requests per client address an hour. */
export const PASSWORD_RESET_LIMITS = [
  { name: "accounts.reset-per-email", points: 3, durationSeconds: 3600, scope: "for this address" },
  { name: "accounts.reset-per-ip", points: 20, durationSeconds: 3600, scope: "from your network" },
] as const;

export interface PasswordResetServices {
  /** Defaults to an `email.send` job of the queue (the e-mail is sent, and retried, by a worker). */
  send?: typeof queuePlatformEmail;
  rateLimits?: RateLimitStore;
  builderUrl?: string;
  logger?: Logger;
}

/**
 * "Forgot password": when an account has this e-mail, a reset link (single use, valid one hour) is
 * e-mailed to it through the install's SMTP account (an `email.send` job, its content encrypted). The
 * answer is the same whether or not an account exists, and comes at once in both cases: the link is
 * made and queued after it (`delivery`, which tests await). Requests are limited per e-mail address (whatever it is) and per client address, so the
 * form cannot be used to flood an inbox.
 */
export async function requestPasswordReset(
  prisma: Database,
  input: { email: string; clientAddress: string },
  services: PasswordResetServices = {},
): Promise<{ delivery: Promise<void> }> {
  const email = normalizeEmail(input.email);
  await consumeAccountEmailLimits(
    services.rateLimits ?? getRateLimitStore(),
    PASSWORD_RESET_LIMITS,
    { email, clientAddress: input.clientAddress },
    "password reset requests",
  );
  const delivery = sendResetLink(prisma, email, services).catch((error) => {
    services.logger?.error({ err: error }, "password reset e-mail failed");
  });
  return { delivery };
}

async function sendResetLink(prisma: Database, email: string, services: PasswordResetServices) {
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, name: true } });
  if (!user) return;
  const { token } = await createPasswordResetToken(prisma, user.id);
  const builderUrl = (services.builderUrl ?? platformEnv.BUILDER_URL).replace(/\/$/, "");
  const link = `${builderUrl}/reset-password/${token}`;
  const greeting = user.name ? `Hello ${user.name},` : "Hello,";
  const sent = await (services.send ?? queuePlatformEmail)({
    to: [email],
    subject: "Reset your Parley password",
    text: [
      greeting,
      "",
      "Someone (we hope you) asked to reset the password of your Parley account. Open this link to choose a new one:",
      "",
      link,
      "",
      "The link works once, within one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  });
  if (!sent.ok) throw new Error(sent.error);
  services.logger?.info({ userId: user.id }, "password reset link queued");
}
