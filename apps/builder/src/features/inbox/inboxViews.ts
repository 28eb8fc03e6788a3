import type { ConversationStatus } from "@parley/schemas/management/inbox";

/** The inbox's lists: nobody took them yet, the caller's, every one someone handles, the closed ones. */
export const inboxViews = ["waiting", "mine", "open", "closed"] as const;
export type InboxView = (typeof inboxViews)[number];

export function isInboxView(value: string | null): value is InboxView {
  return inboxViews.some((view) => view === value);
}

/** The list query of a view (`listConversations`' input), with the optional bot filter. */
export function toListInput(
  view: InboxView,
  workspaceId: string,
  botId: string | null,
): { workspaceId: string; status: ConversationStatus; assignee?: "me"; botId?: string } {
  const status: ConversationStatus = view === "mine" ? "open" : view;
  return {
    workspaceId,
    status,
    ...(view === "mine" ? { assignee: "me" as const } : {}),
    ...(botId ? { botId } : {}),
  };
}

/** The badge's text: the count, capped where the list page stops counting. */
export function formatWaitingCount(count: number, hasMore: boolean): string {
  return hasMore ? `${count}+` : String(count);
}

/**
 * The waiting conversations that were not there at the previous look: the ones to notify about. The first
 * look notifies nothing (they were waiting before the page opened).
 */
export function findNewlyWaiting(previous: ReadonlySet<string> | null, current: readonly string[]): string[] {
  if (previous === null) return [];
  return current.filter((id) => !previous.has(id));
}
