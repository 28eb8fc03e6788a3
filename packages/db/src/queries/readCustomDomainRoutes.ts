import type { Pool } from "../pool";

/** One bot served on a custom domain: the path under the host (`""` at the root, else `/support`). */
export interface CustomDomainRoute {
  path: string;
  botId: string;
  publicId: string;
}

/**
 * The bots served on `host`: those whose customDomain is on that host and was verified
 * (CustomDomainCheck for the same value), not archived, with a public id. Publication, closing and
 * suspension are left to the share page and startChat, which answer for them as on {chat_url}.
 */
export async function readCustomDomainRoutes(pool: Pool, host: string): Promise<CustomDomainRoute[]> {
  const { rows } = await pool.query<{ domain: string; botId: string; publicId: string }>({
    name: "readCustomDomainRoutes",
    text: `SELECT c.domain, b.id AS "botId", b."publicId" FROM "CustomDomainCheck" c
      JOIN "Bot" b ON b.id = c."botId" AND b."customDomain" = c.domain
      WHERE c.host = $1 AND c."verifiedAt" IS NOT NULL AND NOT b."isArchived" AND b."publicId" IS NOT NULL`,
    values: [host],
  });
  return rows.map(({ domain, botId, publicId }) => ({ path: domain.slice(host.length), botId, publicId }));
}
