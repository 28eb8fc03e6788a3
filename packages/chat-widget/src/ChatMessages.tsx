import { useCallback } from "react";
import { Avatar } from "./bubbles/Avatar";
import { HostBubble } from "./bubbles/HostBubble";
import { Sources } from "./bubbles/TextBubble";
import { TypingIndicator } from "./bubbles/TypingIndicator";
import { Markdown } from "./rich-text/Markdown";
import { sanitizeUrl } from "./rich-text/sanitizeUrl";
import type { ChatController } from "./session/ChatController";
import type { ChatEntry, ChatState } from "./session/chatState";

interface ChatMessagesProps {
  state: ChatState;
  controller: ChatController;
  isPreview: boolean;
}

/** The conversation: host bubbles (with avatars), guest answers, the typing indicator. */
export function ChatMessages({ state, controller, isPreview }: ChatMessagesProps) {
  const chat = state.theme.chat;
  const hostAvatar =
    chat?.hostAvatar?.isEnabled !== false
      ? (state.dynamicTheme?.hostAvatarUrl ?? chat?.hostAvatar?.url ?? null)
      : undefined;
  const guestAvatar = chat?.guestAvatar?.isEnabled
    ? (state.dynamicTheme?.guestAvatarUrl ?? chat.guestAvatar.url ?? null)
    : undefined;
  const onReply = useCallback(
    (text: string) => void controller.submit({ text, isHidden: true }),
    [controller],
  );
  const entries = state.entries;
  const lastKey = entries.at(-1)?.key;
  const lastEntry = entries.at(-1);
  const isHostTyping = lastEntry?.kind === "host" && lastEntry.isTyping;

  return (
    <>
      {entries.map((entry, index) => {
        const next = entries[index + 1];
        const previous = entries[index - 1];
        const role = entry.kind === "guest" ? "guest" : "host";
        const isLastOfRun = !next || (next.kind === "guest") !== (role === "guest");
        const isGrouped = previous !== undefined && (previous.kind === "guest") === (role === "guest");
        const avatarUrl = role === "host" ? hostAvatar : guestAvatar;
        const avatar =
          avatarUrl === undefined ? null : isLastOfRun ? (
            <Avatar url={avatarUrl} kind={role} />
          ) : (
            <div className="parley-avatar-spacer" />
          );
        return (
          <div
            key={entry.key}
            className="parley-row"
            data-role={role}
            data-grouped={isGrouped ? "true" : undefined}
          >
            {role === "host" ? avatar : null}
            {renderEntry(entry, {
              isAwaitingReply: entry.key === lastKey && state.status === "running" && !state.input,
              isPreview,
              onReply,
              language: state.language ?? undefined,
            })}
            {role === "guest" ? avatar : null}
          </div>
        );
      })}
      {(state.isWaiting || state.isAgentTyping) && !isHostTyping && state.status !== "failed" ? (
        <div className="parley-row" data-role="host">
          {hostAvatar === undefined ? null : <Avatar url={hostAvatar} kind="host" />}
          <div className="parley-bubble parley-host-bubble">
            <TypingIndicator />
          </div>
        </div>
      ) : null}
    </>
  );
}

function renderEntry(
  entry: ChatEntry,
  context: {
    isAwaitingReply: boolean;
    isPreview: boolean;
    onReply: (text: string) => void;
    language: string | undefined;
  },
) {
  if (entry.kind === "host")
    return (
      <HostBubble
        bubble={entry.bubble}
        isTyping={entry.isTyping}
        isAwaitingReply={context.isAwaitingReply}
        isPreview={context.isPreview}
        onReply={context.onReply}
        language={context.language}
      />
    );
  if (entry.kind === "stream")
    return (
      // Busy while it streams: the live log announces the answer once complete, not every chunk.
      <div
        className="parley-bubble parley-host-bubble parley-text"
        data-testid="host-bubble"
        aria-busy={entry.isStreaming === true}
      >
        {entry.text ? <Markdown source={entry.text} /> : <TypingIndicator />}
        {entry.sources?.length ? <Sources sources={entry.sources} language={context.language} /> : null}
      </div>
    );
  return (
    <div className="parley-bubble parley-guest-bubble" data-testid="guest-bubble">
      {entry.text}
      {entry.attachedFileUrls?.length ? (
        <span className="parley-guest-files">
          {entry.attachedFileUrls.map((url) => {
            const href = sanitizeUrl(url);
            return href ? (
              <a key={url} href={href} target="_blank" rel="noopener noreferrer">
                {decodeURIComponent(url.split("/").pop() ?? url)}
              </a>
            ) : null;
          })}
        </span>
      ) : null}
    </div>
  );
}
