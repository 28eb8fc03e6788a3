"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CheckCircle2, Hand, UserMinus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useLocale, useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { ErrorState } from "@/components/ui/ErrorState";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorIssueCodes, getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { AssignForm } from "./AssignForm";
import { CloseConversationDialog } from "./CloseConversationDialog";
import { describeState } from "./ConversationList";
import { ConversationSummary } from "./ConversationSummary";
import { describeChannel } from "./conversationLabels";
import type { InboxPeople } from "./InboxView";
import { ReplyForm } from "./ReplyForm";
import { Transcript } from "./Transcript";

/** How often the open conversation asks for new messages while the page is visible. */
const CONVERSATION_POLL_MS = 2_000;

/** One conversation: its transcript, who handles it, the reply box and the close. */
export function ConversationPanel({
  conversationId,
  currentUserId,
  canReply,
  isAdmin,
  people,
  botNames,
  onBack,
}: {
  conversationId: string;
  currentUserId: string;
  canReply: boolean;
  isAdmin: boolean;
  people: InboxPeople;
  botNames: Map<string, string>;
  onBack: () => void;
}) {
  const t = useTranslations("Inbox");
  const dates = useDateFormat();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [isClosing, setIsClosing] = useState(false);
  const read = useQuery(
    trpc.inbox.getConversation.queryOptions(
      { conversationId },
      { refetchInterval: CONVERSATION_POLL_MS, staleTime: 0 },
    ),
  );
  const conversation = read.data?.conversation;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.inbox.pathKey() });
  const assign = useMutation(
    trpc.inbox.assignConversation.mutationOptions({
      onSuccess: async ({ conversation: changed }) => {
        await refresh();
        toast.success(
          changed.assigneeId === currentUserId
            ? t("yours")
            : changed.assigneeId
              ? t("assignedTo", { name: people.nameOf(changed.assigneeId) })
              : t("backToWaiting"),
        );
      },
      onError: (error) =>
        toast.error(
          getErrorIssueCodes(error).includes("ALREADY_ASSIGNED")
            ? t("alreadyAssigned")
            : t("assignFailed", { reason: getErrorMessage(error) }),
        ),
    }),
  );

  const back = (
    <Button variant="ghost" size="sm" className="self-start md:hidden" onClick={onBack}>
      <ArrowLeft size={14} aria-hidden />
      {t("allConversations")}
    </Button>
  );
  if (read.error)
    return (
      <section aria-label={t("conversation")} className="flex flex-col gap-3">
        {back}
        <ErrorState error={read.error} onRetry={() => read.refetch()} />
      </section>
    );
  if (!conversation)
    return (
      <section aria-label={t("conversation")} className="flex justify-center py-12">
        <Spinner label={t("loadingConversation")} />
      </section>
    );

  const isClosed = conversation.status === "closed";
  const isMine = conversation.assigneeId === currentUserId;
  const botName = botNames.get(conversation.botId) ?? t("deletedBot");
  return (
    <section
      aria-labelledby="conversation-title"
      className="flex min-w-0 flex-col gap-4 rounded-card border border-line bg-surface p-4"
    >
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id="conversation-title" className="truncate text-lg font-semibold">
            {t("visitorOf", { bot: botName })}
          </h2>
          <p className="text-[13px] text-muted">
            {describeChannel(conversation, t, locale)} ·{" "}
            {t("started", { time: dates.relative(conversation.createdAt) })} ·{" "}
            <span data-testid="conversation-state">
              {describeState(conversation, people, t, dates.relative)}
            </span>
          </p>
        </div>
        {canReply && !isClosed ? (
          <div className="flex flex-wrap gap-2">
            {isMine ? (
              <Button
                size="sm"
                disabled={assign.isPending}
                onClick={() => assign.mutate({ conversationId, userId: null })}
              >
                <UserMinus size={14} aria-hidden />
                {t("unassign")}
              </Button>
            ) : conversation.status === "waiting" || isAdmin ? (
              // An ADMIN takes over a conversation another member holds (force); a MEMBER only a waiting one.
              <Button
                size="sm"
                variant={conversation.status === "waiting" ? "primary" : "secondary"}
                disabled={assign.isPending}
                onClick={() =>
                  assign.mutate({
                    conversationId,
                    userId: currentUserId,
                    ...(isAdmin ? { force: true } : {}),
                  })
                }
              >
                <Hand size={14} aria-hidden />
                {conversation.status === "waiting" ? t("assignToMe") : t("takeOver")}
              </Button>
            ) : null}
            <Button size="sm" onClick={() => setIsClosing(true)}>
              <CheckCircle2 size={14} aria-hidden />
              {t("close")}
            </Button>
          </div>
        ) : null}
      </div>
      {conversation.summary ? <ConversationSummary summary={conversation.summary} /> : null}
      {isAdmin && !isClosed ? (
        <AssignForm
          agents={people.agents}
          assigneeId={conversation.assigneeId}
          isPending={assign.isPending}
          onAssign={(userId) => assign.mutate({ conversationId, userId, force: true })}
        />
      ) : null}
      <Transcript conversation={conversation} currentUserId={currentUserId} people={people} />
      {canReply && !isClosed ? (
        <ReplyForm conversation={conversation} currentUserId={currentUserId} onSent={refresh} />
      ) : isClosed ? (
        <p className="rounded-lg bg-subtle px-3 py-2 text-[13px] text-muted">
          {conversation.closedAt
            ? t("closedAt", { time: dates.dateTime(conversation.closedAt) })
            : t("closedState")}
          {conversation.resolution ? ` · ${t("resolution", { resolution: conversation.resolution })}` : ""}
        </p>
      ) : (
        <p className="rounded-lg bg-subtle px-3 py-2 text-[13px] text-muted">{t("guestsRead")}</p>
      )}
      <VisitorVariables variables={conversation.variables} />
      <CloseConversationDialog
        open={isClosing}
        onOpenChange={setIsClosing}
        conversationId={conversationId}
        onClosed={refresh}
      />
    </section>
  );
}

function VisitorVariables({ variables }: { variables: { name: string; value?: unknown }[] }) {
  const t = useTranslations("Inbox");
  const set = variables.filter((variable) => variable.value !== null && variable.value !== "");
  return (
    <details className="rounded-lg border border-line px-3 py-2">
      <summary className="cursor-pointer font-medium">{t("variables", { count: set.length })}</summary>
      {set.length === 0 ? (
        <p className="pt-2 text-[13px] text-muted">{t("noVariables")}</p>
      ) : (
        <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 pt-2 text-[13px]">
          {set.map((variable) => (
            <div key={variable.name} className="contents">
              <dt className="font-medium">{variable.name}</dt>
              <dd className="min-w-0 break-words text-muted">
                {typeof variable.value === "string" ? variable.value : JSON.stringify(variable.value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}
