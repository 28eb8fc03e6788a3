import type { Settings, Theme } from "@parley/schemas";
import type { Database } from "../client";
import { readStoredThemeAndSettings, storedThemeAndSettingsSelect } from "../storedFlow";

const publicIdPattern = /^[a-z0-9-]{3,64}$/;

export interface SharePageBot {
  botId: string;
  publicId: string;
  name: string;
  isClosed: boolean;
  /** The published version's risk and the workspace's verification (the viewer holds risky bots). */
  riskLevel: number | null;
  isWorkspaceVerified: boolean;
  /** The published version's theme and settings, defaults filled in. */
  theme: Theme;
  settings: Settings;
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
      publishedBot: { select: { name: true, schemaVersion: true, ...storedThemeAndSettingsSelect } },
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
    ...readStoredThemeAndSettings(bot.publishedBot.schemaVersion, bot.publishedBot),
    chatKey: bot.chatKey?.key ?? null,
  };
}
