"use client";

import { DEFAULT_SECRET_OVERLAP_HOURS, type WebhookSubscription } from "@parley/schemas/management/webhooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Select } from "@/components/ui/Select";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import {
  getWebhookEventLabels,
  isWebhookFieldsComplete,
  WebhookFields,
  type WebhookFieldValues,
} from "./WebhookFields";

/** How long the replaced secret keeps signing after a rotation. */
const overlapChoices = [0, 1, DEFAULT_SECRET_OVERLAP_HOURS, 72, 168];

const statusTones = { PENDING: "warning", DELIVERED: "success", FAILED: "danger" } as const;

/** URLs told of the bot's results (signed POSTs), the secret shown once, and each URL's delivery log. */
export function WebhooksSection({ botId }: { botId: string }) {
  const t = useTranslations("Webhooks");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const webhooks = useQuery(trpc.webhooks.listWebhooks.queryOptions({ botId }));
  const [fields, setFields] = useState<WebhookFieldValues>({ url: "", events: ["result.completed"] });
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const create = useMutation(
    trpc.webhooks.createWebhook.mutationOptions({
      onSuccess: async (created) => {
        setSecret(created.secret);
        setFields((current) => ({ ...current, url: "" }));
        await refresh();
      },
      onError: (error) => toast.error(t("addFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const remove = useMutation(
    trpc.webhooks.deleteWebhook.mutationOptions({
      onSuccess: async () => {
        setDeleting(null);
        toast.success(t("deleted"));
        await refresh();
      },
      onError: (error) => toast.error(t("deleteFailed", { reason: getErrorMessage(error) })),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ botId, webhook: { url: fields.url.trim(), events: fields.events } });
  }

  return (
    <Section id="webhooks" title={t("title")} description={t("description")}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <WebhookFields values={fields} onChange={setFields} />
        <div>
          <Button
            type="submit"
            variant="primary"
            disabled={!isWebhookFieldsComplete(fields) || create.isPending}
          >
            {create.isPending ? t("adding") : t("add")}
          </Button>
        </div>
      </form>
      {secret ? <SecretNotice secret={secret} onDone={() => setSecret(null)} /> : null}
      {webhooks.error ? (
        <p className="text-danger-600">{t("loadFailed", { reason: getErrorMessage(webhooks.error) })}</p>
      ) : webhooks.data && webhooks.data.webhooks.length > 0 ? (
        <ul aria-label={t("title")} className="flex flex-col gap-2">
          {webhooks.data.webhooks.map((webhook) => (
            <WebhookItem
              key={webhook.id}
              botId={botId}
              webhook={webhook}
              isLogOpen={openLog === webhook.id}
              onToggleLog={() => setOpenLog(openLog === webhook.id ? null : webhook.id)}
              onDelete={() => setDeleting(webhook.id)}
            />
          ))}
        </ul>
      ) : webhooks.data ? (
        <p className="text-muted">{t("none")}</p>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("deleteTitle")}
        description={t("deleteDescription")}
        confirmLabel={t("deleteConfirm")}
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ botId, webhookId: deleting })}
      />
    </Section>
  );
}

/** A signing secret shown once, with a copy button. */
function SecretNotice({ secret, note, onDone }: { secret: string; note?: string; onDone: () => void }) {
  const t = useTranslations("Webhooks");
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-warning-600/30 bg-warning-50 p-3"
      role="status"
    >
      <p className="text-[13px]">
        {t("secretNotice")}
        {note ? ` ${note}` : ""}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 truncate font-mono text-[13px]" data-testid="webhook-secret">
          {secret}
        </code>
        <CopyButton value={secret} copiedMessage={t("secretCopied")} />
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t("done")}
        </Button>
      </div>
    </div>
  );
}

const fieldsOf = ({ url, events, enabled }: WebhookSubscription) => ({ url, events, enabled });

/** One webhook: its URL and events, and its actions (edit, rotate the secret, test, log, delete). */
function WebhookItem({
  botId,
  webhook,
  isLogOpen,
  onToggleLog,
  onDelete,
}: {
  botId: string;
  webhook: WebhookSubscription;
  isLogOpen: boolean;
  onToggleLog: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("Webhooks");
  const dates = useDateFormat();
  const webhookEventLabels = getWebhookEventLabels(useTranslations("WebhookEvents"));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [isEditing, setIsEditing] = useState(false);
  const [fields, setFields] = useState<Required<WebhookFieldValues>>(() => fieldsOf(webhook));
  const [isRotating, setIsRotating] = useState(false);
  const [overlapHours, setOverlapHours] = useState(DEFAULT_SECRET_OVERLAP_HOURS);
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const update = useMutation(
    trpc.webhooks.updateWebhook.mutationOptions({
      onSuccess: async () => {
        setIsEditing(false);
        toast.success(t("saved"));
        await refresh();
      },
      onError: (error) => toast.error(t("saveFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateWebhookSecret.mutationOptions({
      onSuccess: async (rotated) => {
        setIsRotating(false);
        setNewSecret(rotated.secret);
        await refresh();
      },
      onError: (error) => toast.error(t("rotateFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const ping = useMutation(
    trpc.webhooks.pingWebhook.mutationOptions({
      onSuccess: async () => {
        toast.success(t("testQueued"));
        if (!isLogOpen) onToggleLog();
        await refresh();
      },
      onError: (error) => toast.error(t("testFailed", { reason: getErrorMessage(error) })),
    }),
  );

  function startEditing() {
    setFields(fieldsOf(webhook));
    setIsEditing(true);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate({
      botId,
      webhookId: webhook.id,
      webhook: { url: fields.url.trim(), events: fields.events, enabled: fields.enabled },
    });
  }

  return (
    <li className="rounded-lg border border-line p-3">
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 truncate font-mono text-[13px]">{webhook.url}</code>
        {webhook.enabled ? null : <Badge tone="neutral">{t("off")}</Badge>}
        <Button size="sm" onClick={startEditing} aria-expanded={isEditing} disabled={isEditing}>
          {t("edit")}
        </Button>
        <Button size="sm" onClick={() => setIsRotating(true)}>
          {t("rotateSecret")}
        </Button>
        <Button
          size="sm"
          onClick={() => ping.mutate({ botId, webhookId: webhook.id })}
          disabled={!webhook.enabled || ping.isPending}
        >
          {ping.isPending ? t("sending") : t("sendTest")}
        </Button>
        <Button size="sm" onClick={onToggleLog} aria-expanded={isLogOpen}>
          {t("deliveryLog")}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete}>
          {t("delete")}
        </Button>
      </div>
      <p className="mt-1 text-[13px] text-muted">
        {webhook.events.map((name) => webhookEventLabels[name]).join(", ")} ·{" "}
        {t("added", { date: dates.date(webhook.createdAt) })}
        {webhook.previousSecretExpiresAt
          ? ` · ${t("previousSecretUntil", { time: dates.dateTime(webhook.previousSecretExpiresAt) })}`
          : ""}
      </p>
      {newSecret ? (
        <div className="mt-2">
          <SecretNotice
            secret={newSecret}
            note={webhook.previousSecretExpiresAt ? t("overlapNote") : undefined}
            onDone={() => setNewSecret(null)}
          />
        </div>
      ) : null}
      {isEditing ? (
        <form onSubmit={save} className="mt-3 flex flex-col gap-3" aria-label={t("editLabel")}>
          <WebhookFields
            values={fields}
            onChange={(values) => setFields({ ...values, enabled: values.enabled ?? fields.enabled })}
          />
          <div className="flex gap-2">
            <Button
              type="submit"
              variant="primary"
              disabled={!isWebhookFieldsComplete(fields) || update.isPending}
            >
              {update.isPending ? t("saving") : t("save")}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setIsEditing(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      ) : null}
      {isLogOpen ? <DeliveryLog botId={botId} webhookId={webhook.id} isEnabled={webhook.enabled} /> : null}
      <ConfirmDialog
        open={isRotating}
        onOpenChange={setIsRotating}
        title={t("rotateTitle")}
        description={t("rotateDescription")}
        confirmLabel={t("rotateSecret")}
        isPending={rotate.isPending}
        onConfirm={() => rotate.mutate({ botId, webhookId: webhook.id, overlapHours })}
      >
        <Field label={t("overlap")}>
          {(id) => (
            <Select
              id={id}
              value={overlapHours}
              onChange={(event) => setOverlapHours(Number(event.target.value))}
            >
              {overlapChoices.map((hours) => (
                <option key={hours} value={hours}>
                  {hours === 0 ? t("noOverlap") : t("overlapHours", { hours })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </ConfirmDialog>
    </li>
  );
}

/** The last 100 deliveries of one webhook, newest first, each redeliverable. */
function DeliveryLog({
  botId,
  webhookId,
  isEnabled,
}: {
  botId: string;
  webhookId: string;
  isEnabled: boolean;
}) {
  const t = useTranslations("Webhooks");
  const dates = useDateFormat();
  const webhookEventLabels = getWebhookEventLabels(useTranslations("WebhookEvents"));
  const statusLabels = { PENDING: t("pending"), DELIVERED: t("delivered"), FAILED: t("failed") } as const;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const redeliver = useMutation(
    trpc.webhooks.redeliverWebhookDelivery.mutationOptions({
      onSuccess: async () => {
        toast.success(t("redeliveryQueued"));
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
      },
      onError: (error) => toast.error(t("redeliverFailed", { reason: getErrorMessage(error) })),
    }),
  );
  // While open, the log follows deliveries as the worker records them.
  const log = useQuery(
    trpc.webhooks.listWebhookDeliveries.queryOptions({ botId, webhookId }, { refetchInterval: 2_000 }),
  );
  if (log.error) return <p className="mt-2 text-danger-600">{getErrorMessage(log.error)}</p>;
  if (!log.data) return <p className="mt-2 text-muted">{t("loading")}</p>;
  if (log.data.deliveries.length === 0) return <p className="mt-2 text-muted">{t("noDeliveries")}</p>;
  return (
    <table className="mt-2 w-full text-left text-[13px]" aria-label={t("deliveryLog")}>
      <thead>
        <tr className="text-muted">
          <th className="py-1 pr-3 font-medium">{t("time")}</th>
          <th className="py-1 pr-3 font-medium">{t("event")}</th>
          <th className="py-1 pr-3 font-medium">{t("status")}</th>
          <th className="py-1 pr-3 font-medium">{t("response")}</th>
          <th className="py-1 pr-3 font-medium">{t("attempts")}</th>
          <th className="py-1 font-medium">
            <span className="sr-only">{t("actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {log.data.deliveries.map((delivery) => (
          <tr key={delivery.id} className="border-t border-line align-top">
            <td className="py-1 pr-3">{dates.dateTime(delivery.createdAt)}</td>
            <td className="py-1 pr-3">
              {webhookEventLabels[delivery.event]}
              {delivery.redeliveryOf ? <span className="text-muted"> {t("redelivery")}</span> : null}
            </td>
            <td className="py-1 pr-3">
              <Badge tone={statusTones[delivery.status]}>{statusLabels[delivery.status]}</Badge>
            </td>
            <td className="py-1 pr-3">{delivery.responseCode ?? delivery.error ?? "—"}</td>
            <td className="py-1 pr-3">{delivery.attempts}</td>
            <td className="py-1">
              <Button
                size="sm"
                variant="ghost"
                aria-label={t("redeliverLabel", {
                  event: webhookEventLabels[delivery.event],
                  time: dates.dateTime(delivery.createdAt),
                })}
                disabled={!isEnabled || redeliver.isPending}
                onClick={() => redeliver.mutate({ botId, webhookId, deliveryId: delivery.id })}
              >
                {t("redeliver")}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
