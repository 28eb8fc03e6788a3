import type { BotModel, BotRole, Database, WorkspaceRole } from "@parley/db";
import { Prisma } from "@parley/db";
import { type AccessRole, canAccess, type RoleAction, strongerRole } from "@parley/schemas/management/access";
import { AppError } from "../errors";

export interface WorkspaceAccess {
  workspaceId: string;
  role: WorkspaceRole;
  /**
   * The provider key (`ws-<id>`) of the workspace's identity provider when it requires single sign-on, else null
   * (read in the access check's statement; `assertWorkspaceSignIn` applies it).
   */
  requiredSsoProvider: string | null;
}

/**
 * Access to one bot (or a record of it: a conversation): a member's, or that of a person the bot is shared
 * with (`BotCollaborator`), whose `role` is then the bot role that granted the action.
 */
export interface BotAccess {
  workspaceId: string;
  /** The role that may do more of the caller's workspace role and their role on the bot (`strongerRole`). */
  role: AccessRole;
  /** The caller's role in the bot's workspace; null when they reach the bot through a share alone. */
  memberRole: WorkspaceRole | null;
  /** The caller is no member of the bot's workspace: only the bot is theirs to reach, never the workspace's records. */
  isSharedOnly: boolean;
  /** As `WorkspaceAccess.requiredSsoProvider`. */
  requiredSsoProvider: string | null;
}

/** Whether a bot's collaborators (`BotCollaborator`) reach it, or only its workspace's members. */
export interface BotAccessOptions {
  viaShare?: boolean;
}

interface BotAccessRow extends AccessRow {
  botRole: BotRole | null;
}

interface AccessRow {
  workspaceId: string;
  accessRole: WorkspaceRole | null;
  requiredSsoProvider: string | null;
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
  return { workspaceId: found.workspaceId, role, requiredSsoProvider: found.requiredSsoProvider ?? null };
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

/**
 * The rule for a bot's records: the stronger of the caller's workspace role and (unless `viaShare` is false)
 * the role the bot was shared with them with must allow `action`. A refusal is the workspace rule's.
 */
function checkBot(found: BotAccessRow | undefined, access: RoleAction, options: BotAccessOptions): BotAccess {
  if (!found) throw new AppError("NOT_FOUND");
  const memberRole = found.accessRole ?? null;
  const role = strongerRole(memberRole, options.viaShare === false ? null : found.botRole);
  if (!role || !canAccess(role, access)) throw new AppError("FORBIDDEN");
  return {
    workspaceId: found.workspaceId,
    role,
    memberRole,
    isSharedOnly: memberRole === null,
    requiredSsoProvider: found.requiredSsoProvider ?? null,
  };
}

// One statement per check: the record's workspace and the caller's role in it, and whether the workspace requires
// single sign-on (selected as "requiredSsoProvider").
const memberJoin = (workspaceColumn: Prisma.Sql, userId: string) =>
  Prisma.sql`LEFT JOIN "MemberInWorkspace" m ON m."workspaceId" = ${workspaceColumn} AND m."userId" = ${userId}
    LEFT JOIN "WorkspaceSso" sso ON sso."workspaceId" = ${workspaceColumn} AND sso."isEnforced"`;
const requiredSso = Prisma.sql`CASE WHEN sso.id IS NULL THEN NULL ELSE 'ws-' || sso.id END AS "requiredSsoProvider"`;
// The caller's share of the bot, if any: selected as "botRole".
const collaboratorJoin = (botColumn: Prisma.Sql, userId: string) =>
  Prisma.sql`LEFT JOIN "BotCollaborator" bc ON bc."botId" = ${botColumn} AND bc."userId" = ${userId}`;

export async function loadWorkspaceAccess(
  prisma: Database,
  userId: string,
  workspaceId: string,
  access: RoleAction,
): Promise<WorkspaceAccess> {
  const rows = await prisma.$queryRaw<AccessRow[]>`
    SELECT w.id AS "workspaceId", m.role::text AS "accessRole", ${requiredSso} FROM "Workspace" w
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
    SELECT f."workspaceId", m.role::text AS "accessRole", ${requiredSso} FROM "Folder" f
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
    SELECT c."workspaceId", m.role::text AS "accessRole", ${requiredSso} FROM "Credentials" c
    ${memberJoin(Prisma.sql`c."workspaceId"`, userId)} WHERE c.id = ${credentialsId}`;
  return check(rows[0], access);
}

/**
 * A bot's workspace and the caller's access to it: as a member, or as one of the bot's collaborators (unless
 * `viaShare` is false: operations that reach into the workspace, such as deleting, duplicating or sharing
 * the bot). Deleted (archived) bots are missing for everyone.
 */
export async function loadBotAccess(
  prisma: Database,
  userId: string,
  botId: string,
  access: RoleAction,
  options: BotAccessOptions = {},
): Promise<BotAccess> {
  const rows = await prisma.$queryRaw<BotAccessRow[]>`
    SELECT b."workspaceId", m.role::text AS "accessRole", bc.role::text AS "botRole", ${requiredSso} FROM "Bot" b
    ${memberJoin(Prisma.sql`b."workspaceId"`, userId)} ${collaboratorJoin(Prisma.sql`b.id`, userId)}
    WHERE b.id = ${botId} AND NOT b."isArchived"`;
  return checkBot(rows[0], access, options);
}

/** The same check, reading the whole bot row in the same statement (for reads and writes of the draft). */
export async function loadBotWithAccess(
  prisma: Database,
  userId: string,
  botId: string,
  access: RoleAction,
  options: BotAccessOptions = {},
): Promise<{ access: BotAccess; bot: BotModel }> {
  const rows = await prisma.$queryRaw<
    (BotModel & {
      accessRole: WorkspaceRole | null;
      botRole: BotRole | null;
      requiredSsoProvider: string | null;
    })[]
  >`
    SELECT b.*, m.role::text AS "accessRole", bc.role::text AS "botRole", ${requiredSso} FROM "Bot" b
    ${memberJoin(Prisma.sql`b."workspaceId"`, userId)} ${collaboratorJoin(Prisma.sql`b.id`, userId)}
    WHERE b.id = ${botId} AND NOT b."isArchived"`;
  const row = rows[0];
  const granted = checkBot(row, access, options);
  const {
    accessRole: _role,
    botRole: _botRole,
    requiredSsoProvider: _requiredSso,
    ...bot
  } = row as BotModel & { accessRole: unknown; botRole: unknown; requiredSsoProvider: unknown };
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
    SELECT k."workspaceId", m.role::text AS "accessRole", ${requiredSso} FROM "KnowledgeBase" k
    ${memberJoin(Prisma.sql`k."workspaceId"`, userId)} WHERE k.id = ${knowledgeBaseId}`;
  return check(rows[0], access);
}

/** An inbox conversation's workspace and the caller's access to it: a member's, or a share of its bot's. */
export async function loadConversationAccess(
  prisma: Database,
  userId: string,
  conversationId: string,
  access: RoleAction,
): Promise<BotAccess> {
  const rows = await prisma.$queryRaw<BotAccessRow[]>`
    SELECT c."workspaceId", m.role::text AS "accessRole", bc.role::text AS "botRole", ${requiredSso} FROM "Conversation" c
    ${memberJoin(Prisma.sql`c."workspaceId"`, userId)} ${collaboratorJoin(Prisma.sql`c."botId"`, userId)}
    WHERE c.id = ${conversationId}`;
  return checkBot(rows[0], access, {});
}
