"use client";

import type { Conversation } from "@parley/schemas/management/inbox";
import { useQuery } from "@tanstack/react-query";
import { cn } from "@/components/ui/cn";
import { ErrorState } from "@/components/ui/ErrorState";
import { Field } from "@/components/ui/Field";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Select } from "@/components/ui/Select";
import { Spinner } from "@/components/ui/Spinner";
import { formatRelativeTime } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";
import { describeChannel } from "./conversationLabels";
import type { InboxPeople } from "./InboxView";
import { type InboxView, inboxViews, toListInput } from "./inboxViews";

/** How often the list asks again while the page is visible. */
export const LIST_POLL_MS = 3_000;

const emptyTexts: Record<InboxView, string> = {
  waiting: "Nobody is waiting.",
  mine: "You handle no conversation.",
  open: "Nobody handles a conversation right now.",
  closed: "No closed conversation yet.",
};

/** One list of the inbox (a view, optionally one bot's) as buttons that open the conversation. */
export function ConversationList({
  workspaceId,
  view,
  onViewChange,
  botId,
  onBotChange,
  bots,
  botNames,
  people,
  selectedId,
  onSelect,
}: {
  workspaceId: string;
  view: InboxView;
  onViewChange: (view: InboxView) => void;
  botId: string | null;
  onBotChange: (botId: string | null) => void;
  bots: { id: string; name: string }[];
  botNames: Map<string, string>;
  people: InboxPeople;
  selectedId: string | null;
  onSelect: (conversationId: string) => void;
}) {
  const trpc = useTRPC();
  const list = useQuery(
    trpc.inbox.listConversations.queryOptions(toListInput(view, workspaceId, botId), {
      refetchInterval: LIST_POLL_MS,
      staleTime: 0,
    }),
  );
  const conversations = list.data?.conversations;

  return (
    <section aria-label="Conversations" className="flex flex-col gap-3">
      <SegmentedControl label="Show" value={view} options={inboxViews} onChange={onViewChange} />
      <Field label="Bot">
        {(id) => (
          <Select id={id} value={botId ?? ""} onChange={(event) => onBotChange(event.target.value || null)}>
            <option value="">All bots</option>
            {bots.map((bot) => (
              <option key={bot.id} value={bot.id}>
                {bot.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : !conversations ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading the conversations" />
        </div>
      ) : conversations.length === 0 ? (
        <p className="rounded-card border border-dashed border-line-strong px-4 py-8 text-center text-muted">
          {emptyTexts[view]}
        </p>
      ) : (
        <ul
          aria-label={`${inboxViews.find((item) => item.value === view)?.label} conversations`}
          className="flex flex-col gap-2"
        >
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <button
                type="button"
                aria-current={conversation.id === selectedId ? "true" : undefined}
                onClick={() => onSelect(conversation.id)}
                className={cn(
                  "flex w-full flex-col gap-0.5 rounded-card border border-line bg-surface px-3 py-2.5 text-left hover:bg-subtle",
                  conversation.id === selectedId && "border-brand-500 ring-2 ring-brand-100",
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium">
                    {botNames.get(conversation.botId) ?? "A deleted bot"}
                  </span>
                  <span className="shrink-0 text-[12px] text-muted">
                    {formatRelativeTime(conversation.updatedAt)}
                  </span>
                </span>
                <span className="text-[13px] text-muted">
                  {describeChannel(conversation)}
                  {conversation.team ? ` · ${conversation.team}` : ""}
                  {" · "}
                  {describeState(conversation, people)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function describeState(conversation: Conversation, people: InboxPeople): string {
  if (conversation.status === "waiting") return `waiting since ${formatRelativeTime(conversation.createdAt)}`;
  if (conversation.status === "open") return `with ${people.nameOf(conversation.assigneeId)}`;
  return `closed${conversation.resolution ? `: ${conversation.resolution}` : ""}`;
}
