import { getPrisma } from "@parley/db";
import { getSharePageBot } from "@parley/db/queries/getSharePageBot";
import { logger } from "@parley/platform/logger";
import { describeRiskHold, isRiskHeld } from "@parley/platform/risk/isRiskHeld";
import { applySettingsDefaults } from "@parley/schemas";
import { cache } from "react";

/**
 * The bot a share page shows, with its published theme and settings (defaults applied),
 * or null when the page must answer 404: no live published bot, or public sharing off.
 * A bot held for review (its riskLevel, isRiskHeld) is shown closed, with a log line saying why.
 * Cached per request so metadata and page read the database once.
 */
export const loadSharePage = cache(async (publicId: string) => {
  const bot = await getSharePageBot(getPrisma(), publicId);
  if (!bot) return null;
  // Theme and settings come read by @parley/db/storedFlow, defaults filled in; this only types them so.
  const settings = applySettingsDefaults(bot.settings);
  if (!settings.publicShare.isEnabled) return null;
  const risk = { id: bot.botId, riskLevel: bot.riskLevel, isWorkspaceVerified: bot.isWorkspaceVerified };
  const isHeld = !bot.isClosed && isRiskHeld(risk);
  if (isHeld) {
    const hold = describeRiskHold(risk);
    logger.warn({ ...hold.fields, publicId }, `share page: ${hold.message}`);
  }
  return { ...bot, isClosed: bot.isClosed || isHeld, fullTheme: bot.theme, settings };
});

export type SharePage = NonNullable<Awaited<ReturnType<typeof loadSharePage>>>;

/** The `frame-ancestors` source list for the bot's allowed origins ('self' first), or null when any site may frame it. */
export function getFrameAncestors(allowedOrigins: readonly string[]): string | null {
  const origins = allowedOrigins.flatMap((origin) => {
    try {
      const url = new URL(origin.trim());
      return url.protocol === "http:" || url.protocol === "https:" ? [url.origin] : [];
    } catch {
      return [];
    }
  });
  return origins.length > 0 ? `frame-ancestors 'self' ${[...new Set(origins)].join(" ")}` : null;
}
