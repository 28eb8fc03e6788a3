"use client";

import { agentAttachmentTypes, MAX_AGENT_MESSAGE_LENGTH } from "@parley/schemas/management/inbox";
import { useMutation } from "@tanstack/react-query";
import { Paperclip, Send, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { Textarea } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { EmojiButton } from "./emoji/EmojiButton";
import type { InboxConversation } from "./inboxTypes";
import { uploadConversationFile } from "./uploadConversationFile";

/** What the file picker offers: the types an agent may send (the server checks them again, and the size). */
const ACCEPTED_FILES = Object.entries(agentAttachmentTypes)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(",");

/** The visitor's typing indicator is refreshed at most this often while the agent types. */
const TYPING_EVERY_MS = 3_000;

/**
 * The reply box: a message the visitor receives at once (a waiting conversation is taken first), or an
 * internal note only members see. Enter sends, Shift+Enter starts a new line; "Add emoji" puts an emoji where the
 * caret was; the paperclip attaches one file (an image or a document), uploaded when the message is sent.
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
  const t = useTranslations("ReplyForm");
  const trpc = useTRPC();
  const [text, setText] = useState("");
  const [isNote, setIsNote] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [isUploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const lastTypingAt = useRef(0);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const noteId = useId();
  const textId = useId();
  const hintId = useId();
  const assign = useMutation(trpc.inbox.assignConversation.mutationOptions());
  const typing = useMutation(trpc.inbox.sendTypingIndicator.mutationOptions());
  const post = useMutation(trpc.inbox.postConversationMessage.mutationOptions());
  const isSending = assign.isPending || post.isPending || isUploading;
  const canSend = text.trim() !== "" || file !== null;

  const send = async () => {
    const message = text.trim();
    if (!canSend || isSending) return;
    try {
      if (!isNote && conversation.status === "waiting")
        await assign.mutateAsync({ conversationId: conversation.id, userId: currentUserId });
      let fileId: string | undefined;
      if (file) {
        setUploading(true);
        try {
          fileId = (await uploadConversationFile(conversation.id, file)).id;
        } finally {
          setUploading(false);
        }
      }
      await post.mutateAsync({
        conversationId: conversation.id,
        message: { text: message, internal: isNote, ...(fileId ? { fileId } : {}) },
      });
      setText("");
      setFile(null);
      await onSent();
    } catch (error) {
      toast.error(t("failed", { reason: getErrorMessage(error) }));
    }
  };

  const onType = (value: string) => {
    setText(value);
    const now = Date.now();
    if (isNote || !value.trim() || now - lastTypingAt.current < TYPING_EVERY_MS) return;
    lastTypingAt.current = now;
    typing.mutate({ conversationId: conversation.id });
  };

  /**
   * Puts `emoji` in place of the reply's selection (at its caret, which the text box keeps while the picker has the
   * focus), then focuses the reply with the caret after the emoji. Past the length limit nothing is inserted, as
   * the text box refuses typing.
   */
  const insertEmoji = (emoji: string) => {
    const box = textArea.current;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${emoji}${text.slice(end)}`;
    if (next.length <= MAX_AGENT_MESSAGE_LENGTH) onType(next);
    const caret = next.length <= MAX_AGENT_MESSAGE_LENGTH ? start + emoji.length : end;
    // After React has written the new value (which moves the caret to the end).
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(caret, caret);
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
        {isNote ? t("note") : t("reply")}
      </label>
      <Textarea
        ref={textArea}
        id={textId}
        value={text}
        maxLength={MAX_AGENT_MESSAGE_LENGTH}
        aria-describedby={hintId}
        placeholder={isNote ? t("notePlaceholder") : t("replyPlaceholder")}
        className="min-h-16 border-0 bg-transparent focus:ring-0"
        onChange={(event) => onType(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void send();
          }
        }}
      />
      {file ? (
        <div className="flex items-center gap-2 self-start rounded-md bg-subtle px-2 py-1 text-[13px]">
          <Paperclip size={14} aria-hidden />
          <span className="max-w-[40ch] truncate" data-testid="reply-attachment">
            {file.name}
          </span>
          <button
            type="button"
            aria-label={t("removeFile", { name: file.name })}
            className="rounded p-0.5 text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
            onClick={() => {
              setFile(null);
              textArea.current?.focus();
            }}
          >
            <X size={14} aria-hidden />
          </button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <EmojiButton onInsert={insertEmoji} />
        <input
          ref={fileInput}
          id={fileInputId}
          type="file"
          accept={ACCEPTED_FILES}
          className="sr-only"
          tabIndex={-1}
          aria-label={t("fileToAttach")}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            event.target.value = "";
            if (chosen) setFile(chosen);
            textArea.current?.focus();
          }}
        />
        <button
          type="button"
          aria-label={t("attachFile")}
          title={t("attachFileHint")}
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip size={16} aria-hidden />
        </button>
        <label htmlFor={noteId} className="mr-auto flex items-center gap-2 text-[13px]">
          <input
            id={noteId}
            type="checkbox"
            checked={isNote}
            onChange={(event) => setIsNote(event.target.checked)}
            className="h-4 w-4 accent-brand-600"
          />
          {t("internalNote")}
        </label>
        <span id={hintId} className="text-[12px] text-muted">
          {t("keys")}
        </span>
        <Button type="submit" size="sm" variant="primary" disabled={isSending || !canSend}>
          <Send size={14} aria-hidden />
          {isUploading ? t("uploading") : isNote ? t("addNote") : t("send")}
        </Button>
      </div>
    </form>
  );
}
