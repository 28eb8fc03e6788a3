import { readStoredFlow } from "@parley/db/storedFlow";
import { readBotTests } from "@parley/schemas";
import { omitTranslations } from "@/features/editor/languages/lazyTranslations";
import type { EditorDocument } from "@/features/editor/store/editorDocument";
import { loadBotForUser } from "./loadBotForUser";

/**
 * The bot's document for the editor, read in the page's request so the editor renders
 * without a second round trip (brought to the latest schema version when stored at an older one);
 * null when the user may not see it (`loadBotForUser`). Without the translations' texts
 * (`hasTranslations` false when some were left out): in ten languages they are six sevenths of the document,
 * and the canvas opens in the default language; the editor loads them when it needs them.
 */
export async function loadBotForEditor(userId: string, botId: string) {
  const found = await loadBotForUser(userId, botId);
  if (!found) return null;
  const { id, updatedAt, version } = found.bot;
  const { document, hasOmitted } = omitTranslations<EditorDocument>({
    ...readStoredFlow(version, found.bot),
    tests: readBotTests(found.bot.tests),
  });
  return { id, updatedAt: updatedAt.toISOString(), document, hasTranslations: !hasOmitted };
}
