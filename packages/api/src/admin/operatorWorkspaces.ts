import type { Database } from "@parley/db";
import { setWorkspaceFlag } from "@parley/platform/admin/setWorkspaceFlag";
import type { AuditRequest } from "@parley/platform/audit/appendAuditEntry";
import { getChatsHardLimit } from "@parley/platform/billing/plans";
import { platformEnv } from "@parley/platform/env";
import { AppError } from "@parley/platform/errors";
import type { AdminWorkspace } from "@parley/schemas/management/admin";
import type { PlanName } from "@parley/schemas/management/workspace";
import { getBillingPeriod } from "../billing/billingPeriod";
import { setWorkspacePlan } from "../workspaces/setWorkspacePlan";

export interface OperatorWorkspaceFilter {
  /** Text in the name, or the exact id. */
  query?: string;
  limit: number;
  /** The id of the last workspace of the previous page. */
  cursor?: string;
}

/** A bot that answers as closed until reviewed: published, its riskLevel at the threshold, workspace unverified. */
const heldBotWhere = () => ({
  isArchived: false,
  publishedBotId: { not: null },
  riskLevel: { gte: platformEnv.PUBLISH_RISK_THRESHOLD },
  workspace: { isVerified: false },
});

/**
 * Workspaces newest first, each with its chats of the current billing period (one count for the page),
 * its plan and limits, members, bots, held bots and flags: the operators' table.
 */
export async function listOperatorWorkspaces(
  prisma: Database,
  filter: OperatorWorkspaceFilter,
  now = new Date(),
): Promise<{ workspaces: AdminWorkspace[]; nextCursor: string | null }> {
  const query = filter.query?.trim();
  const rows = await prisma.workspace.findMany({
    where: query ? { OR: [{ id: query }, { name: { contains: query, mode: "insensitive" } }] } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: filter.limit + 1,
    ...(filter.cursor ? { cursor: { id: filter.cursor }, skip: 1 } : {}),
    select: {
      id: true,
      name: true,
      createdAt: true,
      plan: true,
      chatsHardLimit: true,
      isSuspended: true,
      isVerified: true,
      _count: {
        select: {
          members: true,
          bots: { where: { isArchived: false } },
        },
      },
    },
  });
  const page = rows.slice(0, filter.limit);
  const periods = new Map(page.map((row) => [row.id, getBillingPeriod(row.createdAt, now)]));
  const [used, held] = await Promise.all([
    page.length === 0
      ? []
      : prisma.$queryRaw<{ id: string; used: number }[]>`
          SELECT p.id, count(r.id)::int AS used
          FROM unnest(${page.map((row) => row.id)}::text[],
                      ${page.map((row) => periods.get(row.id)?.start ?? now)}::timestamptz[]) AS p(id, s)
          LEFT JOIN "Result" r ON r."workspaceId" = p.id AND r."createdAt" >= p.s
          GROUP BY p.id`,
    prisma.bot.groupBy({
      by: ["workspaceId"],
      where: { ...heldBotWhere(), workspaceId: { in: page.map((row) => row.id) } },
      _count: { _all: true },
    }),
  ]);
  const usedById = new Map(used.map((row) => [row.id, row.used]));
  const heldById = new Map(held.map((row) => [row.workspaceId, row._count._all]));
  return {
    workspaces: page.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      plan: row.plan,
      chatsHardLimit: getChatsHardLimit(row),
      hasOwnChatsHardLimit: row.chatsHardLimit !== null,
      chatsUsed: usedById.get(row.id) ?? 0,
      periodEnd: (periods.get(row.id)?.end ?? now).toISOString(),
      members: row._count.members,
      bots: row._count.bots,
      heldBots: heldById.get(row.id) ?? 0,
      isSuspended: row.isSuspended,
      isVerified: row.isVerified,
    })),
    nextCursor: rows.length > filter.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** One workspace of the operators' table; NOT_FOUND when there is none with that id. */
export async function readOperatorWorkspace(prisma: Database, workspaceId: string) {
  const found = await prisma.workspace.findUnique({ where: { id: workspaceId }, select: { id: true } });
  if (!found) throw new AppError("NOT_FOUND", [{ message: `No workspace with id ${workspaceId}` }]);
  const { workspaces } = await listOperatorWorkspaces(prisma, { query: workspaceId, limit: 50 });
  const workspace = workspaces.find((row) => row.id === workspaceId);
  if (!workspace) throw new AppError("NOT_FOUND", [{ message: `No workspace with id ${workspaceId}` }]);
  return workspace;
}

export interface OperatorWorkspaceChange {
  isSuspended?: boolean;
  isVerified?: boolean;
  plan?: PlanName;
  chatsHardLimit?: number | null;
}

/**
 * An operator's change (the CLI's commands, on the same functions): suspend or lift it, verify or withdraw it,
 * the plan and the hard limit. NOT_FOUND for an unknown workspace, before anything is written.
 */
export async function changeOperatorWorkspace(
  prisma: Database,
  workspaceId: string,
  change: OperatorWorkspaceChange,
  audit: AuditRequest,
) {
  const current = await prisma.workspace.findUnique({ where: { id: workspaceId }, select: { plan: true } });
  if (!current) throw new AppError("NOT_FOUND", [{ message: `No workspace with id ${workspaceId}` }]);
  if (change.isSuspended !== undefined)
    await setWorkspaceFlag(prisma, workspaceId, change.isSuspended ? "suspend" : "unsuspend", audit);
  if (change.isVerified !== undefined)
    await setWorkspaceFlag(prisma, workspaceId, change.isVerified ? "verify" : "unverify", audit);
  if (change.plan !== undefined || change.chatsHardLimit !== undefined)
    await setWorkspacePlan(
      prisma,
      workspaceId,
      {
        plan: change.plan ?? current.plan,
        chatsHardLimit: change.chatsHardLimit,
      },
      audit,
    );
  return readOperatorWorkspace(prisma, workspaceId);
}

/** The bots held for review, highest riskLevel first. */
export async function listHeldBots(prisma: Database) {
  const bots = await prisma.bot.findMany({
    where: heldBotWhere(),
    orderBy: [{ riskLevel: "desc" }, { id: "asc" }],
    take: 1000,
    select: {
      id: true,
      name: true,
      publicId: true,
      riskLevel: true,
      workspaceId: true,
      workspace: { select: { name: true } },
    },
  });
  return bots.map(({ workspace, riskLevel, ...bot }) => ({
    ...bot,
    riskLevel: riskLevel ?? 0,
    workspaceName: workspace.name,
  }));
}
