import { type Database, Prisma } from "@parley/db";
import {
  type AuditAction,
  type AuditLogEntry,
  type AuditTargetType,
  auditEntryDetailsSchema,
} from "@parley/schemas/management/auditLog";
import type { ResultsCursor } from "../results/resultsCursor";

interface AuditLogRow {
  id: string;
  action: string;
  actorId: string | null;
  actorEmail: string;
  targetType: string;
  targetId: string;
  createdAt: Date;
  ip: string;
  userAgent: string;
  details: unknown;
}

export interface AuditLogFilter {
  workspaceId: string;
  action?: AuditAction;
  actorId?: string;
}

/**
 * One page of a workspace's audit log, newest first: its own entries, and the user-level ones (sign-ins, API
 * tokens: no workspace) of its current members since they joined. Two index scans (the workspace's, each
 * member's) each cut at `limit`, merged: a page reads at most twice its size.
 */
export async function findAuditLogPage(
  prisma: Database,
  filter: AuditLogFilter,
  page: { cursor?: ResultsCursor; limit: number },
): Promise<AuditLogEntry[]> {
  const conditions: Prisma.Sql[] = [];
  if (filter.action) conditions.push(Prisma.sql`e.action = ${filter.action}`);
  if (filter.actorId) conditions.push(Prisma.sql`e."actorId" = ${filter.actorId}`);
  if (page.cursor)
    conditions.push(Prisma.sql`(e."createdAt", e.id) < (${page.cursor.createdAt}, ${page.cursor.id})`);
  const and = conditions.length > 0 ? Prisma.sql` AND ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const columns = Prisma.sql`e.id, e.action, e."actorId", e."actorEmail", e."targetType", e."targetId", e."createdAt", e.ip, e."userAgent", e.details`;
  const rows = await prisma.$queryRaw<AuditLogRow[]>`
    SELECT * FROM (
      (SELECT ${columns} FROM "AuditLogEntry" e
        WHERE e."workspaceId" = ${filter.workspaceId}${and}
        ORDER BY e."createdAt" DESC, e.id DESC LIMIT ${page.limit})
      UNION ALL
      (SELECT ${columns} FROM "AuditLogEntry" e
        JOIN "MemberInWorkspace" m ON m."userId" = e."actorId" AND m."workspaceId" = ${filter.workspaceId}
        WHERE e."workspaceId" IS NULL AND e."createdAt" >= m."createdAt"${and}
        ORDER BY e."createdAt" DESC, e.id DESC LIMIT ${page.limit})
    ) entries ORDER BY "createdAt" DESC, id DESC LIMIT ${page.limit}`;
  return rows.map((row) => ({
    id: row.id,
    action: row.action as AuditAction,
    actor: { id: row.actorId, email: row.actorEmail },
    target: { type: row.targetType as AuditTargetType, id: row.targetId },
    createdAt: row.createdAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    details: row.details === null ? null : (auditEntryDetailsSchema.safeParse(row.details).data ?? null),
  }));
}
