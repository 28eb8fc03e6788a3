"use client";

import type { MessagingChannel } from "@parley/schemas/messaging/getMessagingWebhookUrl";
import {
  messagingRecipientHints,
  parseMessagingRecipient,
} from "@parley/schemas/messaging/parseMessagingRecipient";
import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";

const recipientFields: Record<MessagingChannel, { label: string; placeholder: string; hint: string }> = {
  whatsApp: {
    label: "WhatsApp number",
    placeholder: "+33 6 12 34 56 78",
    hint: "WhatsApp delivers it only if this number wrote to the account in the last 24 hours.",
  },
  telegram: {
    label: "Telegram chat id",
    placeholder: "123456789",
    hint: "Telegram delivers it only to a chat that has started the bot (sent it /start).",
  },
};

/** One line per message sent: its text, its attachment, its options. */
const describeMessage = (message: {
  text: string;
  choices?: { label: string }[];
  media?: { kind: string; url: string };
}) =>
  [
    message.media ? `[${message.media.kind}] ${message.media.url}` : "",
    message.text,
    message.choices?.length ? `(${message.choices.map((choice) => choice.label).join(" · ")})` : "",
  ]
    .filter(Boolean)
    .join(" ");

/** "Send test message": the draft's first messages, sent through the chosen account to a number or chat id. */
export function MessagingTestMessage({ channel }: { channel: MessagingChannel }) {
  const trpc = useTRPC();
  const { id: botId, canEdit } = useBotHeader();
  const [recipient, setRecipient] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useMutation(trpc.messaging.sendMessagingTestMessage.mutationOptions());
  const field = recipientFields[channel];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const isValid = parseMessagingRecipient(channel, recipient) !== null;
    setInvalid(isValid ? null : messagingRecipientHints[channel]);
    if (isValid) send.mutate({ botId, recipient });
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
      <span className="font-medium">Send test message</span>
      <p className="text-[13px] text-muted">
        Sends the first messages of the bot as edited (not yet published) the way the channel shows them.
        Nothing is recorded in the results.
      </p>
      <Field label={field.label} hint={field.hint} error={invalid} className="max-w-md">
        {(id) => (
          <div className="flex gap-2">
            <Input
              id={id}
              value={recipient}
              placeholder={field.placeholder}
              inputMode={channel === "whatsApp" ? "tel" : "text"}
              onChange={(event) => setRecipient(event.target.value)}
            />
            <Button type="submit" disabled={!canEdit || send.isPending || !recipient.trim()}>
              <Send size={14} aria-hidden />
              {send.isPending ? "Sending…" : "Send test message"}
            </Button>
          </div>
        )}
      </Field>
      <div role="status" className="text-[13px]">
        {send.error ? (
          <p className="text-danger-600">{getErrorMessage(send.error)}</p>
        ) : send.data ? (
          <>
            <p>
              Sent {send.data.messages.length} message{send.data.messages.length === 1 ? "" : "s"} to{" "}
              {send.data.recipient}:
            </p>
            <ul className="list-disc pl-6 text-muted">
              {send.data.messages.map((message, index) => (
                // Messages have no id of their own; their order is fixed.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index}>{describeMessage(message)}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </form>
  );
}
