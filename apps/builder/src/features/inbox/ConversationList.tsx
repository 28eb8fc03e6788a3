"use client";

import type { Conversation } from "@parley/schemas/management/inbox";
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { ErrorState } from "@/components/ui/ErrorState";
import { Field } from "@/components/ui/Field";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Select } from "@/components/ui/Select";
import { Spinner } from "@/components/ui/Spinner";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { describeChannel } from "./conversationLabels";
import type { InboxPeople } from "./InboxView";
import { type InboxView, inboxViews, toListInput } from "./inboxViews";

/** How often the list asks again while the page is visible. */
export const LIST_POLL_MS = 3_000;

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
  const t = useTranslations("Inbox");
  const dates = useDateFormat();
  const locale = useLocale();
  const viewLabels: Record<InboxView, string> = {
    waiting: t("waiting"),
    mine: t("mine"),
    open: t("allOpen"),
    closed: t("closed"),
  };
  const emptyTexts: Record<InboxView, string> = {
    waiting: t("emptyWaiting"),
    mine: t("emptyMine"),
    open: t("emptyOpen"),
    closed: t("emptyClosed"),
  };
  const trpc = useTRPC();
  const list = useQuery(
    trpc.inbox.listConversations.queryOptions(toListInput(view, workspaceId, botId), {
      refetchInterval: LIST_POLL_MS,
      staleTime: 0,
    }),
  );
  const conversations = list.data?.conversations;

  return (
    <section aria-label={t("conversations")} className="flex flex-col gap-3">
      <SegmentedControl
        label={t("show")}
        value={view}
        options={inboxViews.map((value) => ({ value, label: viewLabels[value] }))}
        onChange={onViewChange}
      />
      <Field label={t("bot")}>
        {(id) => (
          <Select id={id} value={botId ?? ""} onChange={(event) => onBotChange(event.target.value || null)}>
            <option value="">{t("allBots")}</option>
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
          <Spinner label={t("loadingList")} />
        </div>
      ) : conversations.length === 0 ? (
        <p className="rounded-card border border-dashed border-line-strong px-4 py-8 text-center text-muted">
          {emptyTexts[view]}
        </p>
      ) : (
        <ul aria-label={t("listLabel", { view: viewLabels[view] })} className="flex flex-col gap-2">
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
                    {botNames.get(conversation.botId) ?? t("deletedBot")}
                  </span>
                  <span className="shrink-0 text-[12px] text-muted">
                    {dates.relative(conversation.updatedAt)}
                  </span>
                </span>
                <span className="text-[13px] text-muted">
                  {describeChannel(conversation, t, locale)}
                  {conversation.team ? ` · ${conversation.team}` : ""}
                  {" · "}
                  {describeState(conversation, people, t, dates.relative)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function describeState(
  conversation: Conversation,
  people: InboxPeople,
  t: InterfaceTranslator<"Inbox">,
  relative: (iso: string) => string,
): string {
  if (conversation.status === "waiting") return t("waitingSince", { time: relative(conversation.createdAt) });
  if (conversation.status === "open") return t("with", { name: people.nameOf(conversation.assigneeId) });
  return conversation.resolution
    ? t("closedWith", { resolution: conversation.resolution })
    : t("closedState");
}
