import { useSyncExternalStore } from "react";
import { ChatWidget } from "../ChatWidget";
import type { EmbedStore } from "./embedStore";
import type { EmbedOptions } from "./embedTypes";

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
  return (
    <ChatWidget
      key={state.generation}
      apiHost={options.apiHost ?? apiHost}
      botIdOrPublicId={options.publicId}
      auth={{ chatKey: options.chatKey }}
      theme={options.theme}
      settings={options.settings}
      language={options.language}
      prefilledVariables={{
        ...getPageQueryVariables(),
        ...options.prefilledVariables,
        ...state.prefilledVariables,
      }}
      isolation="none"
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
