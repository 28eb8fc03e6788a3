"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CheckCircle2, Hand, UserMinus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { ErrorState } from "@/components/ui/ErrorState";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorIssueCodes, getErrorMessage } from "@/lib/errorMessage";
import { formatDateTime, formatRelativeTime } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";
import { AssignForm } from "./AssignForm";
import { CloseConversationDialog } from "./CloseConversationDialog";
import { describeState } from "./ConversationList";
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
            ? "The conversation is yours"
            : changed.assigneeId
              ? `Assigned to ${people.nameOf(changed.assigneeId)}`
              : "Back in the waiting list",
        );
      },
      onError: (error) =>
        toast.error(
          getErrorIssueCodes(error).includes("ALREADY_ASSIGNED")
            ? "Another member took this conversation first"
            : `Could not assign: ${getErrorMessage(error)}`,
        ),
    }),
  );

  const back = (
    <Button variant="ghost" size="sm" className="self-start md:hidden" onClick={onBack}>
      <ArrowLeft size={14} aria-hidden />
      All conversations
    </Button>
  );
  if (read.error)
    return (
      <section aria-label="Conversation" className="flex flex-col gap-3">
        {back}
        <ErrorState error={read.error} onRetry={() => read.refetch()} />
      </section>
    );
  if (!conversation)
    return (
      <section aria-label="Conversation" className="flex justify-center py-12">
        <Spinner label="Loading the conversation" />
      </section>
    );

  const isClosed = conversation.status === "closed";
  const isMine = conversation.assigneeId === currentUserId;
  const botName = botNames.get(conversation.botId) ?? "A deleted bot";
  return (
    <section
      aria-labelledby="conversation-title"
      className="flex min-w-0 flex-col gap-4 rounded-card border border-line bg-surface p-4"
    >
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id="conversation-title" className="truncate text-lg font-semibold">
            Visitor of {botName}
          </h2>
          <p className="text-[13px] text-muted">
            {describeChannel(conversation)} · started {formatRelativeTime(conversation.createdAt)} ·{" "}
            <span data-testid="conversation-state">{describeState(conversation, people)}</span>
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
                Unassign
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
                {conversation.status === "waiting" ? "Assign to me" : "Take over"}
              </Button>
            ) : null}
            <Button size="sm" onClick={() => setIsClosing(true)}>
              <CheckCircle2 size={14} aria-hidden />
              Close
            </Button>
          </div>
        ) : null}
      </div>
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
          Closed {conversation.closedAt ? formatDateTime(conversation.closedAt) : ""}
          {conversation.resolution ? ` · Resolution: ${conversation.resolution}` : ""}
        </p>
      ) : (
        <p className="rounded-lg bg-subtle px-3 py-2 text-[13px] text-muted">
          Guests read conversations; replying takes a member.
        </p>
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
  const set = variables.filter((variable) => variable.value !== null && variable.value !== "");
  return (
    <details className="rounded-lg border border-line px-3 py-2">
      <summary className="cursor-pointer font-medium">Visitor's variables ({set.length})</summary>
      {set.length === 0 ? (
        <p className="pt-2 text-[13px] text-muted">No variable is set.</p>
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
