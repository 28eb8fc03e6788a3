"use client";

import type { ConversationAttachment } from "@parley/schemas/management/inbox";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { AttachmentPreview } from "./AttachmentPreview";
import type { InboxPeople } from "./InboxView";
import type { InboxConversation } from "./inboxTypes";

/**
 * What was said: the chat with the bot (the result's transcript, replayed over the bot version it ran
 * on), then the inbox's messages (the visitor's, the agents', internal notes, the system's) oldest first.
 * The newest stays in view as messages arrive.
 */
export function Transcript({
  conversation,
  currentUserId,
  people,
}: {
  conversation: InboxConversation;
  currentUserId: string;
  people: InboxPeople;
}) {
  const t = useTranslations("Transcript");
  const dates = useDateFormat();
  const trpc = useTRPC();
  const { botId, resultId } = conversation;
  // A preview's conversation has no result: the inbox's messages only.
  const withBot = useQuery(
    trpc.results.getResult.queryOptions(
      { botId, resultId: resultId ?? "" },
      { enabled: resultId !== null, retry: false },
    ),
  );
  const botEntries = withBot.data?.result.transcript ?? [];
  const scroller = useRef<HTMLDivElement>(null);
  const count = botEntries.length + conversation.messages.length;
  // The bot's and the visitor's words are in the visitor's language (a bot with several): screen readers say them so.
  const visitorLanguage = conversation.language ?? undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the number of messages changes
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={t("label")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="flex max-h-[55vh] min-h-40 flex-col gap-2 overflow-y-auto rounded-lg bg-subtle p-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      {botEntries.map((entry, index) => (
        <Message
          // biome-ignore lint/suspicious/noArrayIndexKey: a replayed transcript never reorders
          key={`bot-${index}`}
          side={entry.role === "user" ? "visitor" : "team"}
          author={entry.role === "user" ? t("visitor") : t("bot")}
          text={entry.text}
          lang={visitorLanguage}
        />
      ))}
      <p className="py-1 text-center text-[12px] text-muted">
        {t("handedOver", { time: dates.dateTime(conversation.createdAt) })}
      </p>
      {conversation.messages.map((message) =>
        message.author === "system" ? (
          <p key={message.id} className="py-1 text-center text-[12px] text-muted">
            {message.text}
          </p>
        ) : (
          <Message
            key={message.id}
            side={message.author === "visitor" ? "visitor" : "team"}
            author={
              message.author === "visitor"
                ? t("visitor")
                : message.isInternal
                  ? t("internalNoteBy", {
                      name: message.userId === currentUserId ? t("you") : people.nameOf(message.userId),
                    })
                  : message.userId === currentUserId
                    ? t("you")
                    : people.nameOf(message.userId)
            }
            text={message.text}
            time={message.createdAt}
            isNote={message.isInternal}
            lang={message.author === "visitor" ? visitorLanguage : undefined}
            attachment={message.attachment}
          />
        ),
      )}
    </div>
  );
}

function Message({
  side,
  author,
  text,
  time,
  isNote,
  lang,
  attachment,
}: {
  side: "visitor" | "team";
  author: string;
  text: string;
  time?: string;
  isNote?: boolean;
  lang?: string;
  attachment?: ConversationAttachment | null;
}) {
  const dates = useDateFormat();
  return (
    <div
      className={cn(
        "flex max-w-[85%] flex-col gap-0.5",
        side === "team" ? "self-end items-end" : "self-start",
      )}
      data-testid="inbox-message"
    >
      <span className="text-[12px] text-muted">
        {author}
        {time ? ` · ${dates.dateTime(time)}` : ""}
      </span>
      {text ? (
        <p
          lang={lang}
          dir="auto"
          className={cn(
            "rounded-2xl px-3 py-2 break-words whitespace-pre-wrap",
            isNote
              ? "border border-warning-600/40 bg-warning-50 text-ink"
              : side === "team"
                ? "bg-brand-600 text-white"
                : "bg-surface text-ink",
          )}
        >
          {text}
        </p>
      ) : null}
      {attachment ? <AttachmentPreview attachment={attachment} /> : null}
    </div>
  );
}
