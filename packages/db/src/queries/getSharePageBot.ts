import type { Database } from "../client";

const publicIdPattern = /^[a-z0-9-]{3,64}$/;

export interface SharePageBot {
  botId: string;
  publicId: string;
  name: string;
  isClosed: boolean;
  /** The published version's risk and the workspace's verification (the viewer holds risky bots). */
  riskLevel: number | null;
  isWorkspaceVerified: boolean;
  /** The published version's theme and settings (JSON documents, validated by the caller). */
  theme: unknown;
  settings: unknown;
  /** The public chat key (`ck_…`) the page's widget authenticates with; null if none was issued. */
  chatKey: string | null;
}

/**
 * The published bot served at `/{publicId}` by the viewer's share page (and whose
 * `allowedOrigins` frame it), or null when no live published bot has that public id:
 * unknown, never published, archived, or in a suspended workspace.
 */
export async function getSharePageBot(prisma: Database, publicId: string): Promise<SharePageBot | null> {
  if (!publicIdPattern.test(publicId)) return null;
  const bot = await prisma.bot.findUnique({
    where: { publicId },
    select: {
      id: true,
      name: true,
      isArchived: true,
      isClosed: true,
      riskLevel: true,
      workspace: { select: { isSuspended: true, isVerified: true } },
      publishedBot: { select: { name: true, theme: true, settings: true } },
      chatKey: { select: { key: true } },
    },
  });
  if (!bot || bot.isArchived || bot.workspace.isSuspended || !bot.publishedBot) return null;
  return {
    botId: bot.id,
    publicId,
    name: bot.publishedBot.name,
    isClosed: bot.isClosed,
    riskLevel: bot.riskLevel,
    isWorkspaceVerified: bot.workspace.isVerified,
    theme: bot.publishedBot.theme,
    settings: bot.publishedBot.settings,
    chatKey: bot.chatKey?.key ?? null,
  };
}
