import { getPrisma } from "@parley/db";
import { loadBotWithAccess, orNullWhenRefused } from "@parley/platform/access/loadAccess";
import { cache } from "react";

/**
 * The bot's row and the user's role in its workspace, by the API's access rule (the one
 * its procedures use), or null when the bot is missing, deleted or not the user's to see
 * (the page then answers 404). Cached per request: the layout and its page read it once.
 */
export const loadBotForUser = cache((userId: string, botId: string) =>
  orNullWhenRefused(loadBotWithAccess(getPrisma(), userId, botId, "read")),
);
