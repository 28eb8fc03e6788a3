"use client";

import { useQuery } from "@tanstack/react-query";
import { Radar } from "lucide-react";
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";
import { listBodyPaths } from "./listBodyPaths";

/** How often the panel asks for a new test call while listening. */
const POLL_INTERVAL_MS = 2_000;

/**
 * "Listen for a test call" of a Webhook block: the URL a test call goes to (on this builder, which
 * serves the chat endpoints too) and, once one came, its body and the paths a mapping can read.
 */
export function WebhookTestListener({ blockId }: { blockId: string }) {
  const t = useTranslations("Integrations");
  const locale = useLocale();
  const trpc = useTRPC();
  const { id: botId, canEdit } = useBotHeader();
  const [isListening, setIsListening] = useState(false);
  const lastCall = useQuery({
    ...trpc.integrations.getWebhookTestCall.queryOptions({ botId, blockId }),
    enabled: isListening,
    refetchInterval: isListening ? POLL_INTERVAL_MS : false,
  });
  if (!canEdit) return null;
  const testUrl = `${window.location.origin}/api/v1/bots/${botId}/blocks/${blockId}/executeTestWebhook`;
  const testCall = lastCall.data?.testCall ?? null;
  return (
    <section
      aria-label={t("testCall")}
      className="flex flex-col gap-3 rounded-lg border border-line p-3 text-[13px]"
    >
      <h3 className="text-[12px] font-semibold tracking-wide text-muted uppercase">{t("testCall")}</h3>
      {isListening ? (
        <>
          <p className="text-muted">{t.rich("testCallHint", { code: (chunks) => <code>{chunks}</code> })}</p>
          <code data-testid="webhook-test-url" className="break-all rounded-md bg-subtle p-2">
            {testUrl}
          </code>
          <div className="flex gap-2">
            <CopyButton value={testUrl} label={t("copyUrl")} />
            <Button size="sm" variant="ghost" onClick={() => setIsListening(false)}>
              {t("stopListening")}
            </Button>
          </div>
          {testCall ? (
            <div data-testid="webhook-test-call" className="flex flex-col gap-2">
              <p className="font-medium">
                {t("received", { time: new Date(testCall.receivedAt).toLocaleTimeString(locale) })}
              </p>
              <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-words rounded-md bg-subtle p-2">
                {JSON.stringify(testCall.body, null, 2)}
              </pre>
              <p className="text-muted">{t("paths", { paths: listBodyPaths(testCall.body).join(", ") })}</p>
            </div>
          ) : (
            <p className="text-muted">{t("waiting")}</p>
          )}
        </>
      ) : (
        <Button size="sm" onClick={() => setIsListening(true)}>
          <Radar size={14} aria-hidden /> {t("listen")}
        </Button>
      )}
    </section>
  );
}
