import type { Database } from "@parley/db";
import {
  readStoredFlow,
  storedFlowSelect,
  toLatestStoredFlow,
  toStoredFlowColumns,
} from "@parley/db/storedFlow";
import { type AuditRequest, appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { type BotDocument, latestBotVersion, type Translation } from "@parley/schemas";

/**
 * Writes a language's translations into a bot's draft: `change` receives the draft (converted, defaults filled in)
 * and returns the language's new translations, or null to write nothing. The row is locked while it is read and
 * written, so two imports (or an import and machine drafts) of the same bot apply one after the other; the
 * stored settings keep only what they held (no defaults added), `updatedAt` moves and the edit is audited.
 */
export async function updateBotTranslations<Outcome>(
  prisma: Database,
  {
    botId,
    workspaceId,
    language,
    audit,
  }: { botId: string; workspaceId: string; language: string; audit: AuditRequest },
  change: (flow: BotDocument) => { translations: Record<string, Translation> | null; outcome: Outcome },
): Promise<Outcome> {
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Bot" WHERE id = ${botId} FOR UPDATE`;
    const row = await tx.bot.findUniqueOrThrow({
      where: { id: botId },
      select: { ...storedFlowSelect, version: true, updatedAt: true },
    });
    const { translations, outcome } = change(readStoredFlow(row.version, row));
    if (!translations) return outcome;
    const stored = toLatestStoredFlow(row.version, row);
    const settings = (stored.settings ?? {}) as Record<string, unknown>;
    const languages = (settings.languages ?? {}) as Record<string, unknown>;
    const all = (languages.translations ?? {}) as Record<string, unknown>;
    const nextSettings = {
      ...settings,
      languages: { ...languages, translations: { ...all, [language]: translations } },
    };
    const columns = toStoredFlowColumns({ ...stored, settings: nextSettings });
    await tx.bot.update({
      where: { id: botId },
      data: {
        updatedAt: new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1)),
        version: latestBotVersion,
        ...columns,
      },
    });
    await appendAuditEntry(tx, audit, {
      action: "bot.edited",
      workspaceId,
      target: { type: "bot", id: botId },
    });
    return outcome;
  });
}
