"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { PageHeader } from "@/components/ui/PageHeader";
import { useWorkspaces } from "@/features/workspace/WorkspaceProvider";
import { useTRPC } from "@/lib/trpc";
import { ConversationList } from "./ConversationList";
import { ConversationPanel } from "./ConversationPanel";
import type { InboxView as InboxViewName } from "./inboxViews";
import { NotificationsButton } from "./NotificationsButton";
import { PresenceSwitch } from "./PresenceSwitch";

export interface InboxPeople {
  /** A member's name (or e-mail) by user id. */
  nameOf: (userId: string | null) => string;
  /** The members an ADMIN may assign to (those who can reply). */
  agents: { userId: string; name: string }[];
}

/**
 * The workspace's inbox: the lists of conversations (waiting, mine, all open, closed; by bot) beside the
 * chosen conversation. On a phone one of the two shows at a time. Lists and the open conversation poll
 * (the builder's tRPC link has no subscriptions): a few seconds while the tab is visible.
 */
export function InboxView({
  workspaceId,
  currentUserId,
  canReply,
  isAdmin,
  initialView,
  initialConversationId,
}: {
  workspaceId: string;
  currentUserId: string;
  canReply: boolean;
  isAdmin: boolean;
  initialView: InboxViewName;
  initialConversationId: string | null;
}) {
  const t = useTranslations("Inbox");
  const trpc = useTRPC();
  const { workspace, selectWorkspace } = useWorkspaces();
  const [view, setView] = useState<InboxViewName>(initialView);
  const [botId, setBotId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(initialConversationId);
  const members = useQuery(trpc.members.listMembers.queryOptions({ workspaceId }));
  const bots = useQuery(trpc.bots.listBots.queryOptions({ workspaceId }));

  // The top bar's switcher and badge follow the workspace of the inbox shown.
  useEffect(() => {
    if (workspace && workspace.id !== workspaceId) selectWorkspace(workspaceId);
  }, [workspace, workspaceId, selectWorkspace]);

  const people = useMemo<InboxPeople>(() => {
    const list = members.data?.members ?? [];
    const names = new Map(list.map((member) => [member.userId, member.name?.trim() || member.email]));
    return {
      nameOf: (userId) => (userId ? (names.get(userId) ?? t("formerMember")) : t("nobody")),
      agents: list
        .filter((member) => member.role !== "GUEST")
        .map((member) => ({ userId: member.userId, name: names.get(member.userId) ?? member.email })),
    };
  }, [members.data, t]);
  const botNames = useMemo(
    () => new Map((bots.data?.bots ?? []).map((bot) => [bot.id, bot.name])),
    [bots.data],
  );

  const select = (conversationId: string | null) => {
    setSelectedId(conversationId);
    const url = new URL(window.location.href);
    url.searchParams.set("view", view);
    if (conversationId) url.searchParams.set("conversation", conversationId);
    else url.searchParams.delete("conversation");
    window.history.replaceState(null, "", url);
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <>
            {canReply ? <PresenceSwitch workspaceId={workspaceId} currentUserId={currentUserId} /> : null}
            <NotificationsButton />
          </>
        }
      />
      <div className="grid gap-4 md:grid-cols-[minmax(16rem,22rem)_1fr]">
        <div className={selectedId ? "hidden md:block" : "block"}>
          <ConversationList
            workspaceId={workspaceId}
            view={view}
            onViewChange={setView}
            botId={botId}
            onBotChange={setBotId}
            bots={bots.data?.bots ?? []}
            botNames={botNames}
            people={people}
            selectedId={selectedId}
            onSelect={select}
          />
        </div>
        <div className={selectedId ? "block min-w-0" : "hidden min-w-0 md:block"}>
          {selectedId ? (
            <ConversationPanel
              key={selectedId}
              conversationId={selectedId}
              currentUserId={currentUserId}
              canReply={canReply}
              isAdmin={isAdmin}
              people={people}
              botNames={botNames}
              onBack={() => select(null)}
            />
          ) : (
            <section
              aria-label={t("conversation")}
              className="flex h-full min-h-48 items-center justify-center rounded-card border border-dashed border-line-strong p-6 text-center text-muted"
            >
              {t("choose")}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
