"use client";

import {
  getMessagingWebhookUrl,
  type MessagingChannel,
} from "@parley/schemas/messaging/getMessagingWebhookUrl";
import { useMutation, useQuery } from "@tanstack/react-query";
import { PlugZap } from "lucide-react";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";

const webhookHints: Record<MessagingChannel, string> = {
  whatsApp:
    "Paste it in your Meta app (WhatsApp > Configuration > Webhook) with the verify token below, then subscribe to “messages”.",
  telegram: "Telegram delivers the bot's messages here once connected.",
};

/** A read-only value to copy into a platform's console. */
function CopyField({ label, hint, value }: { label: string; hint: string; value: string }) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <div className="flex gap-2">
          <Input id={id} readOnly value={value} onFocus={(event) => event.target.select()} />
          <CopyButton value={value} aria-label={`Copy the ${label.toLowerCase()}`} />
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
  const trpc = useTRPC();
  const { id: botId, workspaceId, canEdit } = useBotHeader();
  const setup = useQuery(trpc.messaging.getMessagingSetup.queryOptions({ botId }, { enabled: canEdit }));
  const connect = useMutation(trpc.messaging.connectTelegramWebhook.mutationOptions());
  const webhookUrl = getMessagingWebhookUrl(viewerUrl, { workspaceId, channel, credentialsId });
  return (
    <div className="flex flex-col gap-3">
      <CopyField label="Webhook URL" hint={webhookHints[channel]} value={webhookUrl} />
      {channel === "whatsApp" && setup.data?.verifyToken ? (
        <CopyField
          label="Verify token"
          hint="Meta checks the webhook with it; it is the one stored with these credentials."
          value={setup.data.verifyToken}
        />
      ) : null}
      {channel === "telegram" ? (
        <div className="flex flex-col gap-1">
          <Button
            className="self-start"
            disabled={!canEdit || connect.isPending}
            onClick={() => connect.mutate({ botId })}
          >
            <PlugZap size={14} aria-hidden />
            {connect.isPending ? "Connecting…" : "Connect"}
          </Button>
          <p role="status" className="text-[13px] text-muted">
            {connect.error ? (
              <span className="text-danger-600">{getErrorMessage(connect.error)}</span>
            ) : connect.data ? (
              `Telegram: ${connect.data.description}. Messages to the bot now reach this account.`
            ) : (
              "Asks Telegram to deliver the bot's messages and button presses to the webhook URL, with the secret token."
            )}
          </p>
        </div>
      ) : null}
    </div>
  );
}
