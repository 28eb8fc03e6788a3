"use client";

import { ChatWidget } from "@parley/chat-widget";
import type { Settings, Theme } from "@parley/schemas";
import { useEffect, useState } from "react";

interface SharePageChatProps {
  publicId: string;
  chatKey: string;
  theme: Theme;
  settings: Settings;
}

/** The widget, full page. The URL's query parameters become prefilled variables, then leave the address bar. */
export function SharePageChat({ publicId, chatKey, theme, settings }: SharePageChatProps) {
  const [prefilledVariables, setPrefilledVariables] = useState<Record<string, string>>();

  useEffect(() => {
    const variables: Record<string, string> = {};
    new URLSearchParams(window.location.search).forEach((value, key) => {
      variables[key] = value;
    });
    setPrefilledVariables(variables);
    if (settings.general?.isHideQueryParamsEnabled !== false && window.location.search)
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.hash);
  }, [settings.general?.isHideQueryParamsEnabled]);

  if (!prefilledVariables) return null;
  return (
    <div style={{ height: "100dvh" }}>
      <ChatWidget
        apiHost={window.location.origin}
        botIdOrPublicId={publicId}
        auth={{ chatKey }}
        settings={settings}
        theme={theme}
        prefilledVariables={prefilledVariables}
        layout="page"
      />
    </div>
  );
}
