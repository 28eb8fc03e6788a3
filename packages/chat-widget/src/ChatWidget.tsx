import type { Settings, StartFrom, Theme } from "@parley/schemas";
import { useEffect, useState } from "react";
import { type ChatAuth, createChatClient } from "./api/createChatClient";
import { ChatView } from "./ChatView";
import { ShadowHost } from "./ShadowHost";
import { type ChatCallbacks, ChatController } from "./session/ChatController";

export interface ChatWidgetProps extends ChatCallbacks {
  /** Origin of the viewer (chat API), e.g. `http://localhost:3001`. */
  apiHost: string;
  /** The published bot's public id; with `isPreview`, the bot id (its draft is used). */
  botIdOrPublicId: string;
  isPreview?: boolean;
  /** The chat key (`ck_…`) of a published bot, an API token, or `{credentials: "include"}` (builder cookie). */
  auth: ChatAuth;
  /** Overrides merged over the bot's theme (the builder's live theme editor). */
  theme?: Theme;
  /** Settings known before startChat (system messages, remember-user), e.g. from the share page. */
  settings?: Settings;
  prefilledVariables?: Record<string, string>;
  /** The visitor's language (BCP 47) for a bot with several (the embed option `language`). */
  language?: string;
  /** Preview only: start from a group or an event. */
  startFrom?: StartFrom;
  /** `page` for the full-page share page, `inline` to fill the parent element (default). */
  layout?: "page" | "inline";
  /** `shadow` (default) isolates the widget's CSS in a shadow root; `none` renders in the page. */
  isolation?: "shadow" | "none";
  /** Resume the conversation after a reload when the bot remembers users (default true; never in preview). */
  canRememberUser?: boolean;
  /** Receives the conversation's controller: `restart()`, `submit({text})`, `getState()`. */
  onReady?: (controller: ChatController) => void;
}

/** The Parley chat: starts a conversation with a bot and renders it with the bot's theme. */
export function ChatWidget(props: ChatWidgetProps) {
  const { apiHost, botIdOrPublicId, isPreview = false, auth, layout, isolation = "shadow" } = props;
  const authKey = JSON.stringify(auth);
  const [controller, setController] = useState<ChatController>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new conversation only when the bot, host or credentials change
  useEffect(() => {
    const created = new ChatController({
      client: createChatClient({ apiHost, auth }),
      target: isPreview
        ? { botId: botIdOrPublicId, isPreview: true, startFrom: props.startFrom }
        : { publicId: botIdOrPublicId },
      prefilledVariables: props.prefilledVariables,
      ...(props.language ? { language: props.language } : {}),
      theme: props.theme,
      settings: props.settings,
      canRemember: !isPreview && props.canRememberUser !== false,
      ...pickCallbacks(props),
    });
    setController(created);
    props.onReady?.(created);
    void created.start();
    return () => created.dispose();
  }, [apiHost, botIdOrPublicId, isPreview, authKey]);

  useEffect(() => {
    controller?.setCallbacks(pickCallbacks(props));
  });

  useEffect(() => {
    if (controller && props.theme) controller.setThemeOverride(props.theme);
  }, [controller, props.theme]);

  if (!controller) return null;
  const view = <ChatView controller={controller} layout={layout} isPreview={isPreview} />;
  return isolation === "shadow" ? <ShadowHost>{view}</ShadowHost> : view;
}

function pickCallbacks(props: ChatCallbacks): ChatCallbacks {
  return {
    onInit: props.onInit,
    onNewInput: props.onNewInput,
    onAnswer: props.onAnswer,
    onEnd: props.onEnd,
    onNewLogs: props.onNewLogs,
    onBlockExecuted: props.onBlockExecuted,
    onChatStatePersisted: props.onChatStatePersisted,
  };
}
