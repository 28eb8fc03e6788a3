"use client";

import { useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useTranslations } from "use-intl";
import { useWorkspaces } from "@/features/workspace/WorkspaceProvider";
import { useTRPC } from "@/lib/trpc";
import { findNewlyWaiting, formatWaitingCount } from "./inboxViews";

/** How often the top bar asks how many conversations wait (the inbox page's lists poll faster). */
const WAITING_POLL_MS = 5_000;

/** The top bar's link to the current workspace's inbox, with the count of conversations nobody took. */
export function InboxNavLink() {
  const { workspace } = useWorkspaces();
  if (!workspace) return null;
  return <WaitingBadgeLink workspaceId={workspace.id} />;
}

function WaitingBadgeLink({ workspaceId }: { workspaceId: string }) {
  const t = useTranslations("InboxNavLink");
  const trpc = useTRPC();
  const waiting = useQuery(
    trpc.inbox.listConversations.queryOptions(
      { workspaceId, status: "waiting", limit: 100 },
      { refetchInterval: WAITING_POLL_MS, staleTime: 0 },
    ),
  );
  const conversations = waiting.data?.conversations;
  useWaitingNotifications(
    workspaceId,
    conversations?.map((conversation) => conversation.id),
  );
  const count = conversations?.length ?? 0;
  const countText = formatWaitingCount(count, Boolean(waiting.data?.nextCursor));
  const href = `/workspaces/${workspaceId}/inbox`;
  return (
    <Link
      href={href}
      className="flex h-9 items-center gap-1.5 rounded-lg px-2 font-medium text-ink hover:bg-subtle"
    >
      <Inbox size={16} aria-hidden className="text-muted" />
      {/* Named on every screen; the word shows from sm up. */}
      <span className="sr-only sm:not-sr-only">{t("inbox")}</span>
      {count > 0 ? (
        <span
          className="min-w-5 rounded-full bg-danger-600 px-1.5 text-center text-[12px] leading-5 font-semibold text-white"
          data-testid="inbox-waiting-badge"
        >
          {countText}
          <span className="sr-only"> {t("waiting")}</span>
        </span>
      ) : null}
    </Link>
  );
}

/**
 * A browser notification when a conversation starts waiting while a workspace page is open (once the
 * member allowed notifications on the inbox page); clicking it opens the conversation.
 */
function useWaitingNotifications(workspaceId: string, waitingIds: string[] | undefined) {
  const t = useTranslations("InboxNavLink");
  const router = useRouter();
  const seen = useRef<Set<string> | null>(null);
  const key = waitingIds?.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids' content
  useEffect(() => {
    if (!waitingIds) return;
    const fresh = findNewlyWaiting(seen.current, waitingIds);
    seen.current = new Set([...(seen.current ?? []), ...waitingIds]);
    if (fresh.length === 0 || typeof Notification === "undefined" || Notification.permission !== "granted")
      return;
    const notification = new Notification(t("notificationTitle", { count: fresh.length }), {
      body: t("notificationBody"),
      tag: `parley-inbox-${workspaceId}`,
    });
    notification.onclick = () => {
      window.focus();
      router.push(`/workspaces/${workspaceId}/inbox?view=waiting&conversation=${fresh[0]}`);
      notification.close();
    };
  }, [key, workspaceId, router, t]);
}
