"use client";

import { ChatController, ChatView, ShadowHost } from "@parley/chat-widget";
import type { Theme } from "@parley/schemas";
import { RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { createSampleChatClient, getSampleChatTexts } from "./createSampleChatClient";

/**
 * The chat widget itself playing a sample conversation with the theme being edited;
 * every change shows at once (no save needed to see it).
 */
export function ThemePreview({ theme }: { theme: Theme }) {
  const t = useTranslations("ThemePreview");
  const sampleTexts = getSampleChatTexts(useTranslations("ThemeSample"));
  const [controller, setController] = useState<ChatController | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one conversation per mount; the theme follows below
  useEffect(() => {
    const created = new ChatController({
      client: createSampleChatClient(theme, sampleTexts),
      target: { botId: "theme-preview", isPreview: true },
      theme,
      settings: { typingEmulation: { enabled: false } },
    });
    setController(created);
    void created.start();
    return () => created.dispose();
  }, []);
  useEffect(() => {
    controller?.setThemeOverride(theme);
  }, [controller, theme]);

  return (
    <section aria-label={t("title")} className="flex h-full min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 pb-2">
        <h2 className="text-[13px] font-semibold tracking-wide text-muted uppercase">{t("title")}</h2>
        <Button size="sm" variant="ghost" onClick={() => void controller?.restart()}>
          <RotateCcw size={14} aria-hidden />
          {t("restart")}
        </Button>
      </div>
      <div
        className="min-h-0 flex-1 overflow-hidden rounded-card border border-line shadow-card"
        data-testid="theme-preview"
      >
        {controller ? (
          <ShadowHost>
            <ChatView controller={controller} layout="inline" isPreview />
          </ShadowHost>
        ) : null}
      </div>
    </section>
  );
}
