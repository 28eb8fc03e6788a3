import { getPrisma } from "@parley/db";
import { cache } from "react";

export interface BotHeader {
  id: string;
  name: string;
  icon: string | null;
  workspaceId: string;
  isPublished: boolean;
  /** Whether the signed-in user may edit (ADMIN or MEMBER); GUEST reads only. */
  canEdit: boolean;
}

/**
 * What the bot pages' header shows, or null when the bot does not exist, is deleted or
 * belongs to a workspace the user is not a member of (the page then answers 404).
 * Cached per request: the layout and its pages ask for it once.
 */
export const loadBotHeader = cache(async (userId: string, botId: string): Promise<BotHeader | null> => {
  const bot = await getPrisma().bot.findUnique({
    where: { id: botId },
    select: {
      id: true,
      name: true,
      icon: true,
      workspaceId: true,
      isArchived: true,
      publishedBotId: true,
      workspace: { select: { members: { where: { userId }, select: { role: true }, take: 1 } } },
    },
  });
  const role = bot?.workspace.members[0]?.role;
  if (!bot || bot.isArchived || !role) return null;
  return {
    id: bot.id,
    name: bot.name,
    icon: bot.icon,
    workspaceId: bot.workspaceId,
    isPublished: bot.publishedBotId !== null,
    canEdit: role !== "GUEST",
  };
});
