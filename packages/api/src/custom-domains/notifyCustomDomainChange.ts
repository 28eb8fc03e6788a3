import { type Database, notificationChannels } from "@parley/db";
import { normalizeCustomDomain, splitCustomDomain } from "@parley/schemas";

/**
 * Tells every viewer and chat server that the routes of these domains' hosts changed (PostgreSQL
 * NOTIFY, delivered when the caller's transaction commits), so their caches drop them at once.
 */
export async function notifyCustomDomainChange(
  prisma: Pick<Database, "$executeRaw">,
  domains: readonly (string | null)[],
) {
  const hosts = new Set(
    domains.flatMap((domain) => {
      const normalized = domain ? normalizeCustomDomain(domain) : null;
      return normalized ? [splitCustomDomain(normalized).host] : [];
    }),
  );
  for (const host of hosts)
    await prisma.$executeRaw`SELECT pg_notify(${notificationChannels.customDomains}, ${host})`;
}
