import type { WorkspaceModel as WorkspaceRow } from "@parley/db";
import { isTypebotCompatible } from "@parley/db/queries/typebotCompatibility";
import { getChatsHardLimit } from "@parley/platform/billing/plans";
import type { Workspace } from "@parley/schemas/management/workspace";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The full workspace record of the spec; `chatsHardLimit` is the effective one (own or the plan's), and
 * `settings` (whose inner fields the spec leaves open) carries the data retention, `retentionDays`, and whether
 * Typebot's keyless chat API is served, `typebotCompatibility` (as set, else on once a Typebot export was imported).
 */
export function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: row.name,
    icon: row.icon,
    paymentId: row.paymentId,
    settings: {
      ...((row.settings ?? {}) as Record<string, unknown>),
      retentionDays: row.retentionDays,
      typebotCompatibility: isTypebotCompatible(row),
    },
    isSuspended: row.isSuspended,
    isPastDue: row.isPastDue,
    isVerified: row.isVerified,
    chatsHardLimit: getChatsHardLimit(row),
    lastActivityAt: iso(row.lastActivityAt),
    inactiveFirstEmailSentAt: iso(row.inactiveFirstEmailSentAt),
    inactiveSecondEmailSentAt: iso(row.inactiveSecondEmailSentAt),
  };
}
