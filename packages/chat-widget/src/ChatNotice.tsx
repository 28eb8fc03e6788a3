import type { SystemMessages } from "@parley/schemas";
import type { ChatController } from "./session/ChatController";
import type { ChatState } from "./session/chatState";
import { widgetText } from "./widgetTexts";

interface ChatNoticeProps {
  state: ChatState;
  controller: ChatController;
  systemMessages: SystemMessages;
}

/** Network errors and blocked pop-ups, in the words of the bot's system messages. */
export function ChatNotice({ state, controller, systemMessages }: ChatNoticeProps) {
  const notice = state.notice;
  if (!notice) return null;
  const close = (
    <button
      type="button"
      className="parley-notice-close"
      aria-label={widgetText(state.language, "dismiss")}
      onClick={() => controller.dismissNotice()}
    >
      ×
    </button>
  );
  if (notice.kind === "networkError")
    return (
      <div className="parley-notice" role="alert">
        <div>
          <strong>{systemMessages.networkErrorTitle}</strong>
          <p>{systemMessages.networkErrorMessage}</p>
          {state.status === "failed" ? (
            <p>
              <button type="button" className="parley-link-button" onClick={() => void controller.restart()}>
                {widgetText(state.language, "tryAgain")}
              </button>
            </p>
          ) : null}
        </div>
        {close}
      </div>
    );
  if (notice.kind === "popupBlocked")
    return (
      <div className="parley-notice" role="alert">
        <div>
          <strong>{systemMessages.popupBlockedTitle}</strong>
          <p>{systemMessages.popupBlockedDescription}</p>
          <p>
            <a
              href={notice.url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => controller.dismissNotice()}
            >
              {systemMessages.popupBlockedButtonLabel}
            </a>
          </p>
        </div>
        {close}
      </div>
    );
  return (
    <div className="parley-notice" role="alert">
      <div>
        <strong>{notice.message}</strong>
      </div>
      {close}
    </div>
  );
}
