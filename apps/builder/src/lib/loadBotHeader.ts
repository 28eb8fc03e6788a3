import { canAccess } from "@parley/schemas/management/access";
import { loadBotForUser } from "./loadBotForUser";

export interface BotHeader {
  id: string;
  name: string;
  icon: string | null;
  workspaceId: string;
  isPublished: boolean;
  /** Whether the signed-in user may edit (ADMIN or MEMBER); GUEST reads only. */
  canEdit: boolean;
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
  };
}
