import { canAccess } from "@parley/schemas/management/access";
import { loadBotForUser } from "./loadBotForUser";

export interface BotHeader {
  id: string;
  name: string;
  icon: string | null;
  workspaceId: string;
  isPublished: boolean;
  /** Whether the signed-in user may edit (ADMIN or MEMBER, or an EDITOR the bot is shared with); GUEST and VIEWER read only. */
  canEdit: boolean;
  /** Whether they are an ADMIN of its workspace (publishing with failing tests, among others). */
  isAdmin: boolean;
  /**
   * False for a person the bot is shared with who is no member of its workspace: the pages then ask nothing of
   * the workspace (its credentials, knowledge bases, theme templates, settings), which is not theirs to see.
   */
  isWorkspaceMember: boolean;
  /** Whether they may share the bot with others: a member of its workspace who may write there (MEMBER, ADMIN). */
  canShare: boolean;
}

/** What the bot pages' header shows, or null when the user may not see the bot (`loadBotForUser`). */
export async function loadBotHeader(userId: string, botId: string): Promise<BotHeader | null> {
  const found = await loadBotForUser(userId, botId);
  if (!found) return null;
  const { bot, access } = found;
  return {
    id: bot.id,
    name: bot.name,
    icon: bot.icon,
    workspaceId: bot.workspaceId,
    isPublished: bot.publishedBotId !== null,
    canEdit: canAccess(access.role, "write"),
    isAdmin: canAccess(access.role, "admin"),
    isWorkspaceMember: !access.isSharedOnly,
    canShare: canAccess(access.memberRole, "write"),
  };
}
