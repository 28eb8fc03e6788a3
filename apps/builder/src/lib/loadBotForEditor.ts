import { getPrisma } from "@parley/db";
import type { EditorDocument } from "@/features/editor/store/editorDocument";

/**
 * The bot's document for the editor, read in the page's request so the editor renders
 * without a second round trip; null when the user may not see it.
 */
export async function loadBotForEditor(userId: string, botId: string) {
  const bot = await getPrisma().bot.findFirst({
    where: { id: botId, isArchived: false, workspace: { members: { some: { userId } } } },
    select: {
      id: true,
      updatedAt: true,
      groups: true,
      edges: true,
      events: true,
      variables: true,
      theme: true,
      settings: true,
    },
  });
  if (!bot) return null;
  const { id, updatedAt, ...document } = bot;
  return { id, updatedAt: updatedAt.toISOString(), document: document as unknown as EditorDocument };
}
