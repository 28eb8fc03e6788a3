import type { Database } from "@parley/db";
import { queuePlatformEmail } from "@parley/integrations/email/emailSendJob";
import { normalizeEmail } from "@parley/platform/accounts/createUserAccount";
import { createMagicLinkToken } from "@parley/platform/accounts/magicLinks";
import { platformEnv } from "@parley/platform/env";
import { getRateLimitStore, type RateLimitStore } from "@parley/platform/limits/rateLimits";
import type { Logger } from "@parley/platform/logger";
import { type AccountEmailLimit, consumeAccountEmailLimits } from "./consumeAccountEmailLimits";

/** Sign-in e-mails per address an hour, and sign-in link requests per client address an hour. */
export const MAGIC_LINK_LIMITS: readonly [AccountEmailLimit, AccountEmailLimit] = [
  { name: "accounts.magic-link-per-email", points: 5, durationSeconds: 3600, scope: "for this address" },
  { name: "accounts.magic-link-per-ip", points: 20, durationSeconds: 3600, scope: "from your network" },
];

export interface MagicLinkServices {
  /** Defaults to an `email.send` job of the queue (the e-mail is sent, and retried, by a worker). */
  send?: typeof queuePlatformEmail;
  rateLimits?: RateLimitStore;
  builderUrl?: string;
  logger?: Logger;
}

/**
 * "E-mail me a sign-in link": when an account has this e-mail, a link (single use, valid 15 minutes) is
 * e-mailed to it through the install's SMTP account. The answer is the same whether or not an account exists,
 * and comes at once in both cases: the link is made and queued after it (`delivery`, which tests await).
 * Requests are limited per e-mail address and per client address. A link does not create an account: sign-up
 * stays the sign-up page's (and an invitation's).
 */
export async function requestMagicLink(
  prisma: Database,
  input: { email: string; clientAddress: string },
  services: MagicLinkServices = {},
): Promise<{ delivery: Promise<void> }> {
  const email = normalizeEmail(input.email);
  await consumeAccountEmailLimits(
    services.rateLimits ?? getRateLimitStore(),
    MAGIC_LINK_LIMITS,
    { email, clientAddress: input.clientAddress },
    "sign-in link requests",
  );
  const delivery = sendMagicLink(prisma, email, services).catch((error) => {
    services.logger?.error({ err: error }, "sign-in link e-mail failed");
  });
  return { delivery };
}

async function sendMagicLink(prisma: Database, email: string, services: MagicLinkServices) {
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, name: true } });
  if (!user) return;
  const { token } = await createMagicLinkToken(prisma, user.id);
  const builderUrl = (services.builderUrl ?? platformEnv.BUILDER_URL).replace(/\/$/, "");
  const link = `${builderUrl}/sign-in/link/${token}`;
  const greeting = user.name ? `Hello ${user.name},` : "Hello,";
  const sent = await (services.send ?? queuePlatformEmail)({
    to: [email],
    subject: "Your Parley sign-in link",
    text: [
      greeting,
      "",
      "Open this link to sign in to Parley:",
      "",
      link,
      "",
      "The link works once, within 15 minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without it.",
    ].join("\n"),
  });
  if (!sent.ok) throw new Error(sent.error);
  services.logger?.info({ userId: user.id }, "sign-in link queued");
}
