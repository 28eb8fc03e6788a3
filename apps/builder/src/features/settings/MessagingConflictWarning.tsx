"use client";

import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useTranslations } from "use-intl";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";
import { describeMessagingConflict } from "./describeMessagingConflict";

/**
 * Shown while this bot answers every first message (messaging on, no start condition) and other
 * published bots on the same account do too: only the most recently published one answers.
 */
export function MessagingConflictWarning({ answersEveryMessage }: { answersEveryMessage: boolean }) {
  const t = useTranslations("MessagingConflict");
  const trpc = useTRPC();
  const { id: botId, canEdit } = useBotHeader();
  const setup = useQuery(trpc.messaging.getMessagingSetup.queryOptions({ botId }, { enabled: canEdit }));
  const warning = setup.data
    ? describeMessagingConflict(answersEveryMessage, setup.data.publishedAt, setup.data.unconditionalBots, t)
    : null;
  if (!warning) return null;
  return (
    <div
      role="alert"
      className="flex flex-col gap-1 rounded-lg border border-warning-600/30 bg-warning-50 p-3"
    >
      <p className="flex items-center gap-1.5 font-medium text-warning-600">
        <TriangleAlert size={16} aria-hidden />
        {t("title")}
      </p>
      <p className="text-[13px]">{warning}</p>
    </div>
  );
}
