"use client";

import { Sparkles } from "lucide-react";
import { useId } from "react";
import { useTranslations } from "use-intl";

/** What the AI agent summed up when it handed the conversation over: the first thing the person taking it reads. */
export function ConversationSummary({ summary }: { summary: string }) {
  const t = useTranslations("Inbox");
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-1 rounded-lg border border-line bg-subtle px-3 py-2"
      data-testid="conversation-summary"
    >
      <h3 id={headingId} className="flex items-center gap-1.5 text-[13px] font-semibold text-ink">
        <Sparkles size={14} aria-hidden />
        {t("agentSummary")}
      </h3>
      <p className="whitespace-pre-wrap break-words text-[13px] text-ink">{summary}</p>
    </section>
  );
}
