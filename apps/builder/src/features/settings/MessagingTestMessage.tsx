"use client";

import type { MessagingChannel } from "@parley/schemas/messaging/getMessagingWebhookUrl";
import { parseMessagingRecipient } from "@parley/schemas/messaging/parseMessagingRecipient";
import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";

/** The recipient field of each channel, in the interface language. */
const getRecipientFields = (
  t: InterfaceTranslator<"MessagingTest">,
): Record<MessagingChannel, { label: string; placeholder: string; hint: string; invalid: string }> => ({
  whatsApp: {
    label: t("whatsAppNumber"),
    placeholder: "+33 6 12 34 56 78",
    hint: t("whatsAppHint"),
    invalid: t("whatsAppInvalid"),
  },
  telegram: {
    label: t("telegramChatId"),
    placeholder: "123456789",
    hint: t("telegramHint"),
    invalid: t("telegramInvalid"),
  },
});

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
  const t = useTranslations("MessagingTest");
  const trpc = useTRPC();
  const { id: botId, canEdit } = useBotHeader();
  const [recipient, setRecipient] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useMutation(trpc.messaging.sendMessagingTestMessage.mutationOptions());
  const field = getRecipientFields(t)[channel];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const isValid = parseMessagingRecipient(channel, recipient) !== null;
    setInvalid(isValid ? null : field.invalid);
    if (isValid) send.mutate({ botId, recipient });
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
      <span className="font-medium">{t("title")}</span>
      <p className="text-[13px] text-muted">{t("description")}</p>
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
              {send.isPending ? t("sending") : t("title")}
            </Button>
          </div>
        )}
      </Field>
      <div role="status" className="text-[13px]">
        {send.error ? (
          <p className="text-danger-600">{getErrorMessage(send.error)}</p>
        ) : send.data ? (
          <>
            <p>{t("sent", { count: send.data.messages.length, recipient: send.data.recipient })}</p>
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
