import type { ChatLog, Settings, Theme } from "@parley/schemas";
import { useEffect, useSyncExternalStore } from "react";
import { ChatWidget } from "../ChatWidget";
import { loadWidgetTexts } from "../widgetTexts";
import type { EmbedStore } from "./embedStore";
import type { EmbedOptions, ParleyInputBlock, ParleyLog } from "./publicTypes";

/** The chat of an embed (already inside the embed's shadow root). */
export function EmbedChat({
  options,
  store,
  apiHost,
}: {
  options: EmbedOptions & { layout?: "page" | "inline" };
  store: EmbedStore;
  apiHost: string;
}) {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  // A closed popup unmounts its chat: commands no longer reach that conversation.
  useEffect(
    () => () => {
      store.controller = undefined;
    },
    [store],
  );
  return (
    <ChatWidget
      key={state.generation}
      apiHost={options.apiHost ?? apiHost}
      botIdOrPublicId={options.publicId}
      auth={{ chatKey: options.chatKey }}
      // The public options type these loosely (no schema in the published types); the bot's theme and
      // settings are merged over them and the runtime checks what it receives.
      theme={options.theme as Theme | undefined}
      settings={options.settings as Settings | undefined}
      language={options.language}
      prefilledVariables={{
        ...getPageQueryVariables(),
        ...options.prefilledVariables,
        ...state.prefilledVariables,
      }}
      isolation="none"
      onReady={(controller) => {
        store.controller = controller;
        // The launcher and the window's name follow the conversation's language, drawn again once its words are
        // in (a disposed controller changes no more).
        controller.subscribe(() => {
          const { language } = controller.getState();
          if (language === store.get().language) return;
          store.set({ language });
          void loadWidgetTexts(controller.apiHost, language).then((isNew) => isNew && store.set({}));
        });
      }}
      onInit={options.onInit}
      onNewInput={(input) => options.onNewInputBlock?.(input as ParleyInputBlock)}
      onAnswer={options.onAnswer}
      onEnd={options.onEnd}
      onChatStatePersisted={options.onChatStatePersisted}
      onNewLogs={(logs: ChatLog[]) => options.onNewLogs?.(logs as ParleyLog[])}
      layout={options.layout === "page" ? "page" : "inline"}
    />
  );
}

/** The host page's query parameters become prefilled variables (matched by name by the server). */
function getPageQueryVariables(): Record<string, string> {
  const variables: Record<string, string> = {};
  new URLSearchParams(window.location.search).forEach((value, key) => {
    variables[key] = value;
  });
  return variables;
}
