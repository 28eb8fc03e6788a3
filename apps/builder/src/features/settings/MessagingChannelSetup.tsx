"use client";

import {
  getMessagingWebhookUrl,
  type MessagingChannel,
} from "@parley/schemas/messaging/getMessagingWebhookUrl";
import { useMutation, useQuery } from "@tanstack/react-query";
import { PlugZap } from "lucide-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";

/** A read-only value to copy into a platform's console. */
function CopyField({ label, hint, value }: { label: string; hint: string; value: string }) {
  const t = useTranslations("MessagingSetup");
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <div className="flex gap-2">
          <Input id={id} readOnly value={value} onFocus={(event) => event.target.select()} />
          <CopyButton value={value} aria-label={t("copy", { label })} />
        </div>
      )}
    </Field>
  );
}

/**
 * What the platform needs to deliver messages to the chosen account: the webhook URL, and for
 * WhatsApp the verify token to paste in Meta's console, for Telegram a "Connect" that sets the webhook.
 */
export function MessagingChannelSetup({
  channel,
  credentialsId,
  viewerUrl,
}: {
  channel: MessagingChannel;
  credentialsId: string;
  viewerUrl: string;
}) {
  const t = useTranslations("MessagingSetup");
  const webhookHints: Record<MessagingChannel, string> = {
    whatsApp: t("whatsAppWebhookHint"),
    telegram: t("telegramWebhookHint"),
  };
  const trpc = useTRPC();
  const { id: botId, workspaceId, canEdit } = useBotHeader();
  const setup = useQuery(trpc.messaging.getMessagingSetup.queryOptions({ botId }, { enabled: canEdit }));
  const connect = useMutation(trpc.messaging.connectTelegramWebhook.mutationOptions());
  const webhookUrl = getMessagingWebhookUrl(viewerUrl, { workspaceId, channel, credentialsId });
  return (
    <div className="flex flex-col gap-3">
      <CopyField label={t("webhookUrl")} hint={webhookHints[channel]} value={webhookUrl} />
      {channel === "whatsApp" && setup.data?.verifyToken ? (
        <CopyField label={t("verifyToken")} hint={t("verifyTokenHint")} value={setup.data.verifyToken} />
      ) : null}
      {channel === "telegram" ? (
        <div className="flex flex-col gap-1">
          <Button
            className="self-start"
            disabled={!canEdit || connect.isPending}
            onClick={() => connect.mutate({ botId })}
          >
            <PlugZap size={14} aria-hidden />
            {connect.isPending ? t("connecting") : t("connect")}
          </Button>
          <p role="status" className="text-[13px] text-muted">
            {connect.error ? (
              <span className="text-danger-600">{getErrorMessage(connect.error)}</span>
            ) : connect.data ? (
              t("connected", { description: connect.data.description })
            ) : (
              t("connectHint")
            )}
          </p>
        </div>
      ) : null}
    </div>
  );
}
