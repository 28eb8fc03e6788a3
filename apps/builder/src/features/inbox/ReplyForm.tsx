"use client";

import { MAX_AGENT_MESSAGE_LENGTH } from "@parley/schemas/management/inbox";
import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { Textarea } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { EmojiButton } from "./EmojiButton";
import type { InboxConversation } from "./inboxTypes";

/** The visitor's typing indicator is refreshed at most this often while the agent types. */
const TYPING_EVERY_MS = 3_000;

/**
 * The reply box: a message the visitor receives at once (a waiting conversation is taken first), or an
 * internal note only members see. Enter sends, Shift+Enter starts a new line; the emoji button inserts an emoji
 * where the cursor was.
 */
export function ReplyForm({
  conversation,
  currentUserId,
  onSent,
}: {
  conversation: InboxConversation;
  currentUserId: string;
  onSent: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const [text, setText] = useState("");
  const [isNote, setIsNote] = useState(false);
  const lastTypingAt = useRef(0);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const noteId = useId();
  const textId = useId();
  const hintId = useId();
  const assign = useMutation(trpc.inbox.assignConversation.mutationOptions());
  const typing = useMutation(trpc.inbox.sendTypingIndicator.mutationOptions());
  const post = useMutation(trpc.inbox.postConversationMessage.mutationOptions());
  const isSending = assign.isPending || post.isPending;

  const send = async () => {
    const message = text.trim();
    if (!message || isSending) return;
    try {
      if (!isNote && conversation.status === "waiting")
        await assign.mutateAsync({ conversationId: conversation.id, userId: currentUserId });
      await post.mutateAsync({
        conversationId: conversation.id,
        message: { text: message, internal: isNote },
      });
      setText("");
      await onSent();
    } catch (error) {
      toast.error(`Could not send: ${getErrorMessage(error)}`);
    }
  };

  const onType = (value: string) => {
    setText(value);
    const now = Date.now();
    if (isNote || !value.trim() || now - lastTypingAt.current < TYPING_EVERY_MS) return;
    lastTypingAt.current = now;
    typing.mutate({ conversationId: conversation.id });
  };

  /** Puts `emoji` in place of the text box's selection (at its end when it never had focus), then focuses it. */
  const insertEmoji = (emoji: string) => {
    const box = textArea.current;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${emoji}${text.slice(end)}`.slice(0, MAX_AGENT_MESSAGE_LENGTH);
    onType(next);
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    <form
      className={cn(
        "flex flex-col gap-2 rounded-lg border p-2",
        isNote ? "border-warning-600/40 bg-warning-50" : "border-line",
      )}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={textId} className="sr-only">
        {isNote ? "Note" : "Reply"}
      </label>
      <Textarea
        ref={textArea}
        id={textId}
        value={text}
        maxLength={MAX_AGENT_MESSAGE_LENGTH}
        aria-describedby={hintId}
        placeholder={isNote ? "A note only your team sees…" : "Reply to the visitor…"}
        className="min-h-16 border-0 bg-transparent focus:ring-0"
        onChange={(event) => onType(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void send();
          }
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <EmojiButton onInsert={insertEmoji} />
        <label htmlFor={noteId} className="mr-auto flex items-center gap-2 text-[13px]">
          <input
            id={noteId}
            type="checkbox"
            checked={isNote}
            onChange={(event) => setIsNote(event.target.checked)}
            className="h-4 w-4 accent-brand-600"
          />
          Internal note
        </label>
        <span id={hintId} className="text-[12px] text-muted">
          Enter sends · Shift+Enter: new line
        </span>
        <Button type="submit" size="sm" variant="primary" disabled={isSending || !text.trim()}>
          <Send size={14} aria-hidden />
          {isNote ? "Add note" : "Send"}
        </Button>
      </div>
    </form>
  );
}
