"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Field, Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";
import { CreateCredentialsDialog } from "../credentials/CreateCredentialsDialog";

const ADD_NEW = "__add_new__";

/** The webhook URL Meta calls for these credentials, on the viewer. */
export const getWhatsAppWebhookUrl = (viewerUrl: string, workspaceId: string, credentialsId: string) =>
  `${viewerUrl.replace(/\/+$/, "")}/api/v1/workspaces/${workspaceId}/whatsapp/${credentialsId}/webhook`;

/**
 * The WhatsApp account the bot answers on (the bot's `messagingCredentialsId`, saved at once), and
 * the webhook URL to paste in the Meta app once one is chosen.
 */
export function MessagingCredentialsField({
  viewerUrl,
  onChange,
}: {
  viewerUrl: string;
  onChange?: (credentialsId: string | null) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { id: botId, workspaceId, canEdit } = useBotHeader();
  const [isAdding, setIsAdding] = useState(false);
  const bot = useQuery(trpc.bots.getBot.queryOptions({ botId }, { refetchOnWindowFocus: false }));
  const list = useQuery(
    trpc.credentials.listCredentials.queryOptions({ workspaceId, type: "whatsApp" }, { enabled: canEdit }),
  );
  const save = useMutation(
    trpc.bots.updateBot.mutationOptions({
      onSuccess: ({ bot: saved }) => {
        queryClient.setQueryData(trpc.bots.getBot.queryKey({ botId }), { bot: saved });
        onChange?.(saved.messagingCredentialsId);
      },
    }),
  );
  const value = bot.data?.bot.messagingCredentialsId ?? null;
  const choose = (credentialsId: string | null) =>
    // Only this field is written, so no version check: it cannot overwrite another tab's edits.
    save.mutate({ botId, bot: { messagingCredentialsId: credentialsId } });
  const options = list.data?.credentials ?? [];
  return (
    <div className="flex flex-col gap-3">
      <Field label="WhatsApp account" hint="The WhatsApp credentials of the workspace this bot answers on.">
        {(id) => (
          <Select
            id={id}
            value={value ?? ""}
            disabled={!canEdit || !bot.data || save.isPending}
            onChange={(event) => {
              if (event.target.value === ADD_NEW) setIsAdding(true);
              else choose(event.target.value || null);
            }}
          >
            <option value="">None</option>
            {options.map((credentials) => (
              <option key={credentials.id} value={credentials.id}>
                {credentials.name}
              </option>
            ))}
            {value && list.data && !options.some((credentials) => credentials.id === value) ? (
              <option value={value}>Other credentials (not WhatsApp)</option>
            ) : null}
            {canEdit ? <option value={ADD_NEW}>Add new WhatsApp credentials…</option> : null}
          </Select>
        )}
      </Field>
      {save.error ? <p className="text-[13px] text-danger-600">{getErrorMessage(save.error)}</p> : null}
      {value ? (
        <Field
          label="Webhook URL"
          hint="Paste it in your Meta app (WhatsApp > Configuration > Webhook) with the verify token of these credentials, then subscribe to “messages”."
        >
          {(id) => (
            <Input
              id={id}
              readOnly
              value={getWhatsAppWebhookUrl(viewerUrl, workspaceId, value)}
              onFocus={(event) => event.target.select()}
            />
          )}
        </Field>
      ) : null}
      <CreateCredentialsDialog
        workspaceId={workspaceId}
        types={["whatsApp"]}
        open={isAdding}
        onOpenChange={setIsAdding}
        onCreated={(credentials) => choose(credentials.id)}
      />
    </div>
  );
}
