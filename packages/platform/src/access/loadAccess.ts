import type { BotModel, Database, WorkspaceRole } from "@parley/db";
import { Prisma } from "@parley/db";
import { canAccess, type RoleAction } from "@parley/schemas/management/access";
import { AppError } from "../errors";

export interface WorkspaceAccess {
  workspaceId: string;
  role: WorkspaceRole;
}

interface AccessRow {
  workspaceId: string;
  accessRole: WorkspaceRole | null;
}

/**
 * The one access rule: a missing record is NOT_FOUND, a record of a workspace
 * the caller is not a member of (or where the role is too low) is FORBIDDEN.
 * Procedures whose endpoint does not list NOT_FOUND answer FORBIDDEN instead
 * (trpc.ts), so nothing reveals a record the caller cannot see.
 */
function check(found: AccessRow | undefined, access: RoleAction): WorkspaceAccess {
  if (!found) throw new AppError("NOT_FOUND");
  const role = found.accessRole ?? undefined;
  if (!role || !canAccess(role, access)) throw new AppError("FORBIDDEN");
  return { workspaceId: found.workspaceId, role };
}

/**
 * `load`'s result, or null when the rule refused it (missing record, or a caller who is
 * not a member or whose role is too low): for pages, which answer 404 either way.
 */
export async function orNullWhenRefused<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof AppError && (error.appCode === "NOT_FOUND" || error.appCode === "FORBIDDEN"))
      return null;
    throw error;
  }
}

// One statement per check: the record's workspace and the caller's role in it.
const memberJoin = (workspaceColumn: Prisma.Sql, userId: string) =>
  Prisma.sql`LEFT JOIN "MemberInWorkspace" m ON m."workspaceId" = ${workspaceColumn} AND m."userId" = ${userId}`;

export async function loadWorkspaceAccess(
  prisma: Database,
  userId: string,
  workspaceId: string,
  access: RoleAction,
): Promise<WorkspaceAccess> {
  const rows = await prisma.$queryRaw<AccessRow[]>`
    SELECT w.id AS "workspaceId", m.role::text AS "accessRole" FROM "Workspace" w
    ${memberJoin(Prisma.sql`w.id`, userId)} WHERE w.id = ${workspaceId}`;
  return check(rows[0], access);
}

export async function loadFolderAccess(
  prisma: Database,
  userId: string,
  folderId: string,
  access: RoleAction,
): Promise<WorkspaceAccess> {
  const rows = await prisma.$queryRaw<AccessRow[]>`
    SELECT f."workspaceId", m.role::text AS "accessRole" FROM "Folder" f
    ${memberJoin(Prisma.sql`f."workspaceId"`, userId)} WHERE f.id = ${folderId}`;
  return check(rows[0], access);
}

/** A credentials record's workspace and the caller's role in it (the record's data is not read). */
export async function loadCredentialsAccess(
  prisma: Database,
  userId: string,
  credentialsId: string,
  access: RoleAction,
): Promise<WorkspaceAccess> {
  const rows = await prisma.$queryRaw<AccessRow[]>`
    SELECT c."workspaceId", m.role::text AS "accessRole" FROM "Credentials" c
    ${memberJoin(Prisma.sql`c."workspaceId"`, userId)} WHERE c.id = ${credentialsId}`;
  return check(rows[0], access);
}

/** Deleted (archived) bots are missing for everyone. */
export async function loadBotAccess(
  prisma: Database,
  userId: string,
  botId: string,
  access: RoleAction,
): Promise<WorkspaceAccess> {
  const rows = await prisma.$queryRaw<AccessRow[]>`
    SELECT b."workspaceId", m.role::text AS "accessRole" FROM "Bot" b
    ${memberJoin(Prisma.sql`b."workspaceId"`, userId)} WHERE b.id = ${botId} AND NOT b."isArchived"`;
  return check(rows[0], access);
}

/** The same check, reading the whole bot row in the same statement (for reads and writes of the draft). */
export async function loadBotWithAccess(
  prisma: Database,
  userId: string,
  botId: string,
  access: RoleAction,
): Promise<{ access: WorkspaceAccess; bot: BotModel }> {
  const rows = await prisma.$queryRaw<(BotModel & { accessRole: WorkspaceRole | null })[]>`
    SELECT b.*, m.role::text AS "accessRole" FROM "Bot" b
    ${memberJoin(Prisma.sql`b."workspaceId"`, userId)} WHERE b.id = ${botId} AND NOT b."isArchived"`;
  const row = rows[0];
  const granted = check(row, access);
  const { accessRole: _role, ...bot } = row as BotModel & { accessRole: unknown };
  return { access: granted, bot };
}

/** A knowledge base's workspace and the caller's role in it. */
export async function loadKnowledgeBaseAccess(
  prisma: Database,
  userId: string,
  knowledgeBaseId: string,
  access: RoleAction,
): Promise<WorkspaceAccess> {
  const rows = await prisma.$queryRaw<AccessRow[]>`
    SELECT k."workspaceId", m.role::text AS "accessRole" FROM "KnowledgeBase" k
    ${memberJoin(Prisma.sql`k."workspaceId"`, userId)} WHERE k.id = ${knowledgeBaseId}`;
  return check(rows[0], access);
}

/** An inbox conversation's workspace and the caller's role in it. */
export async function loadConversationAccess(
  prisma: Database,
  userId: string,
  conversationId: string,
  access: RoleAction,
): Promise<WorkspaceAccess> {
  const rows = await prisma.$queryRaw<AccessRow[]>`
    SELECT c."workspaceId", m.role::text AS "accessRole" FROM "Conversation" c
    ${memberJoin(Prisma.sql`c."workspaceId"`, userId)} WHERE c.id = ${conversationId}`;
  return check(rows[0], access);
}
