"use client";

import { getCredentialsDefinition } from "@parley/schemas/credentials";
import type { MessagingChannel } from "@parley/schemas/messaging/getMessagingWebhookUrl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Field } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { useDefinitionTexts } from "@/i18n/useDefinitionTexts";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";
import { CreateCredentialsDialog } from "../credentials/CreateCredentialsDialog";

const channelTypes = ["whatsApp", "telegram"] as const satisfies readonly MessagingChannel[];
const ADD_NEW = "__add_new__:";

/**
 * The messaging account the bot answers on (the bot's `messagingCredentialsId`, saved at once): the
 * workspace's WhatsApp and Telegram credentials grouped by channel, or new ones added in place.
 */
export function MessagingCredentialsField() {
  const t = useTranslations("MessagingAccount");
  const texts = useDefinitionTexts();
  const channels = channelTypes.map((type) => ({
    type,
    label: texts.credentialsLabel(getCredentialsDefinition(type)),
  }));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { id: botId, workspaceId, canEdit } = useBotHeader();
  const [addingChannel, setAddingChannel] = useState<MessagingChannel | null>(null);
  const bot = useQuery(trpc.bots.getBot.queryOptions({ botId }, { refetchOnWindowFocus: false }));
  const list = useQuery(trpc.credentials.listCredentials.queryOptions({ workspaceId }, { enabled: canEdit }));
  const save = useMutation(
    trpc.bots.updateBot.mutationOptions({
      onSuccess: ({ bot: saved }) => {
        queryClient.setQueryData(trpc.bots.getBot.queryKey({ botId }), { bot: saved });
        return queryClient.invalidateQueries({
          queryKey: trpc.messaging.getMessagingSetup.queryKey({ botId }),
        });
      },
    }),
  );
  const value = bot.data?.bot.messagingCredentialsId ?? null;
  const choose = (credentialsId: string | null) =>
    // Only this field is written, so no version check: it cannot overwrite another tab's edits.
    save.mutate({ botId, bot: { messagingCredentialsId: credentialsId } });
  const all = list.data?.credentials ?? [];
  return (
    <>
      <Field label={t("label")} hint={t("hint")} error={save.error ? getErrorMessage(save.error) : undefined}>
        {(id) => (
          <Select
            id={id}
            value={value ?? ""}
            disabled={!canEdit || !bot.data || save.isPending}
            onChange={(event) => {
              const chosen = event.target.value;
              if (chosen.startsWith(ADD_NEW))
                setAddingChannel(chosen.slice(ADD_NEW.length) as MessagingChannel);
              else choose(chosen || null);
            }}
          >
            <option value="">{t("none")}</option>
            {channels.map((channel) => (
              <optgroup key={channel.type} label={channel.label}>
                {all
                  .filter((credentials) => credentials.type === channel.type)
                  .map((credentials) => (
                    <option key={credentials.id} value={credentials.id}>
                      {credentials.name}
                    </option>
                  ))}
                {canEdit ? (
                  <option value={`${ADD_NEW}${channel.type}`}>{t("addNew", { kind: channel.label })}</option>
                ) : null}
              </optgroup>
            ))}
            {value && list.data && !all.some((credentials) => credentials.id === value) ? (
              <option value={value}>{t("other")}</option>
            ) : null}
          </Select>
        )}
      </Field>
      {addingChannel ? (
        <CreateCredentialsDialog
          // One dialog per channel: its form starts from that type's fields.
          key={addingChannel}
          workspaceId={workspaceId}
          types={[addingChannel]}
          open
          onOpenChange={(open) => {
            if (!open) setAddingChannel(null);
          }}
          onCreated={(credentials) => choose(credentials.id)}
        />
      ) : null}
    </>
  );
}

/** The channel of the bot's chosen account, read from the workspace's credentials list. */
export function useMessagingChannel(credentialsId: string | null): MessagingChannel | null {
  const trpc = useTRPC();
  const { workspaceId, canEdit, isWorkspaceMember } = useBotHeader();
  const list = useQuery(
    trpc.credentials.listCredentials.queryOptions({ workspaceId }, { enabled: canEdit && isWorkspaceMember }),
  );
  const type = list.data?.credentials.find((credentials) => credentials.id === credentialsId)?.type;
  return type === "whatsApp" || type === "telegram" ? type : null;
}
