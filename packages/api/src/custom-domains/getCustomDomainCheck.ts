import { randomBytes } from "node:crypto";
import type { Database } from "@parley/db";
import { splitCustomDomain } from "@parley/schemas";

/**
 * The ownership check of a bot's (normalized) custom domain: its row, created with a new random
 * token the first time, and replaced when it was about another domain (a changed customDomain
 * must be verified again, with another token).
 */
export async function getCustomDomainCheck(prisma: Database, botId: string, domain: string) {
  const existing = await prisma.customDomainCheck.findUnique({ where: { botId } });
  if (existing?.domain === domain) return existing;
  const fresh = {
    domain,
    host: splitCustomDomain(domain).host,
    token: randomBytes(16).toString("hex"),
    verifiedAt: null,
    checkedAt: null,
    outcome: null,
    createdAt: new Date(),
  };
  // Conditional on what was read, so two first reads at once keep one token.
  if (existing)
    await prisma.customDomainCheck.updateMany({ where: { botId, domain: existing.domain }, data: fresh });
  else await prisma.customDomainCheck.createMany({ data: [{ botId, ...fresh }], skipDuplicates: true });
  return prisma.customDomainCheck.findUniqueOrThrow({ where: { botId } });
}
